import type { DraftItem, ReceiveItem, SendItem } from '@school/common/api';
import { App, Button, Card, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import { errorText, useLoadFailure, usePageLoading } from '../../api/page-data';
import { refreshUnreadMail, useUnreadMail } from './unread-mail';
import { useUser } from '../../lib/use-user';
import { Crumbs } from '../../components/ui/Crumbs';
import { EmptyState } from '../../components/ui/EmptyState';
import { ComposeView } from './ComposeView';
import { ContactsView } from './ContactsView';
import { openDraft } from './mail-api';
import {
  emptyDraft,
  forwardDraft,
  replyAllDraft,
  replyDraft,
  resendDraft,
  type ComposeDraft,
  type MailView,
} from './mail-data';
import type { MailPageData } from './mail-load';
import { MailDetailView } from './MailDetailView';
import { MailList, type MailRow } from './MailList';
import { MailMenu, menuKeyOf } from './MailMenu';

const TITLES: Record<MailView, string> = {
  write: '写邮件',
  inbox: '收件箱',
  sent: '发件箱',
  drafts: '草稿箱',
  scheduled: '待发送',
  detail: '邮件详情',
  success: '写邮件',
  contacts: '常用联系人',
};

type Params = Record<string, string | number | undefined>;

/**
 * The staff mail page (intranet.md §2 writEmail). The view, the list's page,
 * keyword and filter and the opened mail live in the address, so back and
 * reload work; the mail being written lives here (and in its draft).
 */
export function MailPage({ data }: { data: MailPageData }) {
  const { view, pageNum, keyword, filter, from, list, detail, contacts } = data;
  useLoadFailure(list, detail, contacts);
  const { message } = App.useApp();
  const [, setParams] = useSearchParams();
  const { revalidate } = useRevalidator();
  const loading = usePageLoading();
  const unread = useUnreadMail();
  const user = useUser();
  // New mail while the inbox is shown: its list is read again.
  const seenUnread = useRef(unread);
  useEffect(() => {
    if (unread > seenUnread.current && view === 'inbox') void revalidate();
    seenUnread.current = unread;
  }, [unread, view, revalidate]);
  // The key tells one mail being written from the next, so a late save of the
  // one left behind never lands on the new one.
  const [compose, setCompose] = useState(() => ({
    key: 0,
    draft: { ...emptyDraft(), recipients: data.addressee },
  }));

  /** Goes to a view: a new history entry, or in place for a list's page and filter. */
  const go = (next: Params, replace = false) =>
    setParams(
      () => {
        const params = new URLSearchParams();
        for (const [name, value] of Object.entries(next)) {
          if (value !== undefined && value !== '') params.set(name, String(value));
        }
        return params;
      },
      { replace, preventScrollReset: true },
    );
  const listState = {
    pageNum: pageNum > 1 ? pageNum : undefined,
    keyword,
    filter: filter === 'all' ? undefined : filter,
  };

  const startCompose = (draft: ComposeDraft) => {
    setCompose((current) => ({ key: current.key + 1, draft }));
    go({ view: 'write' });
  };
  const setDraft = (key: number) => (update: (draft: ComposeDraft) => ComposeDraft) =>
    setCompose((current) =>
      current.key === key ? { key, draft: update(current.draft) } : current,
    );

  const open = async (row: MailRow) => {
    if (view === 'drafts' || view === 'scheduled') {
      try {
        startCompose(await openDraft((row as DraftItem).draftId));
      } catch (err) {
        message.error(errorText(err));
      }
      return;
    }
    go({
      view: 'detail',
      from: view,
      inmailId: (row as ReceiveItem | SendItem).inmailId,
      ...(view === 'inbox'
        ? { receiveId: (row as ReceiveItem).receiveId }
        : { sendId: (row as SendItem).sendId }),
      ...listState,
    });
  };

  const backToList = () => go({ view: from, ...listState });

  let body;
  if (view === 'write') {
    body = (
      <ComposeView
        key={compose.key}
        draft={compose.draft}
        setDraft={setDraft(compose.key)}
        onSent={() => {
          setCompose((current) => ({ key: current.key + 1, draft: emptyDraft() }));
          go({ view: 'success' }, true);
        }}
        onScheduled={() => {
          setCompose((current) => ({ key: current.key + 1, draft: emptyDraft() }));
          go({ view: 'scheduled' }, true);
        }}
      />
    );
  } else if (view === 'success') {
    body = (
      <Result
        status="success"
        title="发送成功"
        extra={[
          <Button key="write" type="primary" onClick={() => go({ view: 'write' })}>
            继续写信
          </Button>,
          <Button key="sent" onClick={() => go({ view: 'sent' })}>
            查看发件箱
          </Button>,
        ]}
      />
    );
  } else if (view === 'detail') {
    const mail = detail?.data;
    body = mail ? (
      <MailDetailView
        mail={mail}
        from={from}
        onBack={backToList}
        onReply={() => startCompose(replyDraft(mail))}
        onReplyAll={() => startCompose(replyAllDraft(mail, user?.staffId ?? 0))}
        onForward={() => startCompose(forwardDraft(mail))}
        onResend={() => startCompose(resendDraft(mail))}
        onChanged={() => void revalidate()}
      />
    ) : (
      <div className="mail-missing">
        <EmptyState text={detail?.error ?? '邮件不存在'} />
        <Button onClick={backToList}>返回</Button>
      </div>
    );
  } else if (view === 'contacts') {
    body = (
      <ContactsView
        contacts={contacts?.data ?? { frequentcontactsStaffList: [], frequentContactsList: [] }}
        loading={loading}
        onWrite={(people) => startCompose({ ...emptyDraft(), recipients: people })}
        onChanged={() => void revalidate()}
      />
    );
  } else {
    body = (
      <MailList
        kind={view}
        page={list?.data ?? { total: 0, list: [] }}
        pageNum={pageNum}
        keyword={keyword}
        filter={filter}
        loading={loading}
        onOpen={(row) => void open(row)}
        onSearch={(next) => go({ view, ...listState, keyword: next, pageNum: undefined }, true)}
        onFilter={(next) =>
          go(
            { view, ...listState, filter: next === 'all' ? undefined : next, pageNum: undefined },
            true,
          )
        }
        onPage={(next) => go({ view, ...listState, pageNum: next > 1 ? next : undefined }, true)}
        onDeleted={() => {
          void revalidate();
          void refreshUnreadMail();
        }}
      />
    );
  }

  return (
    <main className="container staff-page mail-page">
      <Card className="staff-card mail-side" title="邮件">
        <MailMenu
          active={menuKeyOf(view, from)}
          unread={unread}
          onChoose={(key) => go({ view: key })}
        />
      </Card>
      <div className="staff-main">
        <Crumbs
          home="/teachPage"
          items={[{ label: '邮件', to: '/writEmail' }, { label: TITLES[view] }]}
        />
        <h1 className="visually-hidden">{TITLES[view]}</h1>
        <Card className="staff-card mail-card" title={TITLES[view]}>
          {body}
        </Card>
      </div>
    </main>
  );
}
