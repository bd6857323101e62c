import { AppstoreOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useState } from 'react';
import type { HomeEntry } from '@school/common/api';
import { browserTransport } from '../../../api/client';
import { openCmsHandoff } from '../../../lib/cms-handoff';
import type { StoredUser } from '../../../lib/session';
import { safeHref } from '../../../lib/site';

/** intranet.md §9: the workbench shows 8 entries until 显示更多. */
export const WORKBENCH_VISIBLE = 8;

/** The send-notice shortcut: the hand-off that writes a notice (intranet.md §6). */
const SEND_NOTICE = 13;

/**
 * Opens an entry: through the signed hand-off when its passthroughstatus is 1
 * (the system answers the address to open, in a new tab), else directly. The
 * send-notice shortcut asks first whether the person may send one: status 0
 * is the server's warning, shown instead of opening.
 */
export async function openEntry(entry: HomeEntry, user: StoredUser, warn: (text: string) => void) {
  const href = safeHref(entry.workbenchPath);
  if (!href) return;
  if (entry.visitType === SEND_NOTICE) {
    const check = await browserTransport('notice/checkSend', { userId: user.staffId }).catch(
      () => null,
    );
    if (!check || check.status === 0) {
      warn(check?.msg ?? '网络异常，请稍后再试');
      return;
    }
  }
  if (entry.passthroughstatus === 1 && entry.visitType !== null) {
    void openCmsHandoff(href, user, { visitType: entry.visitType });
  } else {
    window.open(href, '_blank', 'noopener,noreferrer');
  }
}

export function EntryButton({ entry, user }: { entry: HomeEntry; user: StoredUser }) {
  const [broken, setBroken] = useState(false);
  const { message } = App.useApp();
  return (
    <button
      type="button"
      className="home-entry"
      onClick={() => void openEntry(entry, user, (text) => void message.warning(text))}
    >
      {entry.illustrationnamePath && !broken ? (
        <img
          src={entry.illustrationnamePath}
          alt=""
          width={40}
          height={40}
          onError={() => setBroken(true)}
        />
      ) : (
        <span className="home-entry-icon" aria-hidden>
          <AppstoreOutlined aria-hidden />
        </span>
      )}
      <span className="home-entry-name">{entry.workbenchName}</span>
    </button>
  );
}

/** The workbench (menuType 1): eight entries, the rest behind 显示更多 / 收起. */
export function WorkbenchGrid({ entries, user }: { entries: HomeEntry[]; user: StoredUser }) {
  const [open, setOpen] = useState(false);
  if (entries.length === 0) return <p className="muted">暂无工作台入口</p>;
  const shown = open ? entries : entries.slice(0, WORKBENCH_VISIBLE);
  return (
    <>
      <div className="home-entries">
        {shown.map((entry) => (
          <EntryButton key={entry.workbenchId} entry={entry} user={user} />
        ))}
      </div>
      {entries.length > WORKBENCH_VISIBLE && (
        <button type="button" className="link-button home-more" onClick={() => setOpen(!open)}>
          {open ? '收起' : '显示更多'}
        </button>
      )}
    </>
  );
}
