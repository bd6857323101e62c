import { MAIL_PAGE_SIZE, MAIL_READ, MAIL_UNREAD } from '@school/common';
import type { MailContacts, MailDetail } from '@school/common/api';
import { call } from '../../api/client';
import { emptyPage, intSearch, read, type ListPage, type Read } from '../../api/page-data';
import { refreshUnreadMail, setUnreadMail } from './unread-mail';
import { parseAddressee, viewOf } from './mail-data';
import type { MailRow, ReadFilter } from './MailList';

const LIST_PATHS = {
  inbox: 'email/getReceiveList',
  sent: 'email/getSendList',
  drafts: 'email/getDraftList',
  scheduled: 'email/getScheduledList',
} as const;

const filterOf = (value: string | null): ReadFilter =>
  value === 'unread' || value === 'read' ? value : 'all';

/**
 * What the mail page shows for its address: the view (`view`, or the old
 * `choosePag`), the list's page, keyword and read filter, the opened mail.
 * Opening an unread inbox mail marks it read and updates the counter.
 */
export async function loadMailPage(url: URL) {
  const params = url.searchParams;
  const view = viewOf(params);
  const pageNum = intSearch(params, 'pageNum') ?? 1;
  const keyword = (params.get('keyword') ?? '').trim();
  const filter = filterOf(params.get('filter'));
  const from = params.get('from') === 'sent' ? ('sent' as const) : ('inbox' as const);

  let list: Read<ListPage<MailRow>> | null = null;
  let detail: Read<MailDetail | null> | null = null;
  let contacts: Read<MailContacts> | null = null;

  if (view === 'scheduled') {
    list = await read(LIST_PATHS.scheduled, { pageNum, pageSize: MAIL_PAGE_SIZE }, emptyPage());
  } else if (view === 'inbox' || view === 'sent' || view === 'drafts') {
    list = await read(
      LIST_PATHS[view],
      {
        keyword: keyword || undefined,
        inmainState:
          view === 'drafts' || filter === 'all'
            ? undefined
            : filter === 'unread'
              ? MAIL_UNREAD
              : MAIL_READ,
        pageNum,
        pageSize: MAIL_PAGE_SIZE,
      },
      emptyPage(),
    );
  } else if (view === 'detail') {
    detail = await read(
      'email/getEmailDetail',
      {
        // Without one in the address the server answers its message.
        inmailId: intSearch(params, 'inmailId') ?? '',
        receiveId: from === 'inbox' ? intSearch(params, 'receiveId') : undefined,
        sendId: from === 'sent' ? intSearch(params, 'sendId') : undefined,
      },
      null,
    );
    const mail = detail.data;
    if (from === 'inbox' && mail?.receiveId && mail.inmainState === MAIL_UNREAD) {
      // intranet.md §4: the detail first, then marked read, then the counter.
      await call('email/updateRead', { receiveId: mail.receiveId })
        .then(setUnreadMail)
        .catch(() => refreshUnreadMail());
    }
  } else if (view === 'contacts') {
    contacts = await read(
      'email/getContacts',
      {},
      {
        frequentcontactsStaffList: [],
        frequentContactsList: [],
      },
    );
  }

  return {
    view,
    pageNum,
    keyword,
    filter,
    from,
    list,
    detail,
    contacts,
    addressee: parseAddressee(params.get('addressee')),
  };
}

export type MailPageData = Awaited<ReturnType<typeof loadMailPage>>;
