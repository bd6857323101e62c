import { AppstoreOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { HomeEntry } from '@school/common/api';
import { openCmsHandoff } from '../../lib/cms-handoff';
import type { StoredUser } from '../../lib/session';
import { safeHref } from '../../lib/site';

/** intranet.md §9: the workbench shows 8 entries until 显示更多. */
export const WORKBENCH_VISIBLE = 8;

/**
 * Opens an entry: through the signed hand-off when its passthroughstatus is 1
 * (the system answers the address to open, in a new tab), else directly.
 */
export function openEntry(entry: HomeEntry, user: StoredUser) {
  const href = safeHref(entry.workbenchPath);
  if (!href) return;
  if (entry.passthroughstatus === 1 && entry.visitType !== null) {
    void openCmsHandoff(href, user, { visitType: entry.visitType });
  } else {
    window.open(href, '_blank', 'noopener,noreferrer');
  }
}

export function EntryButton({ entry, user }: { entry: HomeEntry; user: StoredUser }) {
  const [broken, setBroken] = useState(false);
  return (
    <button type="button" className="home-entry" onClick={() => openEntry(entry, user)}>
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
          <AppstoreOutlined />
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
