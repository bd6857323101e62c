import { isContentAdmin } from '@school/common';
import { useOutletContext } from 'react-router';
import type { Route } from './+types/notices';
import { emptyPage, intSearch, read } from '../../api/page-data';
import { NOTICE_PAGE_SIZE, NoticeList } from '../../features/intranet/settings/NoticeList';
import { SiteGuard } from '../../features/intranet/settings/SiteControls';
import { requireUser, type StoredUser } from '../../lib/session';

export const meta = () => [{ title: '滚动通知 - 内容管理平台' }];

/** The keyword and page are in the address; only administrators (isPower 1) read the list. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  const params = new URL(request.url).searchParams;
  const keyword = params.get('keyword') || undefined;
  const pageNum = intSearch(params, 'pageNum') ?? 1;
  const page = isContentAdmin(user)
    ? await read('cms/notice/list', { keyword, pageNum, pageSize: NOTICE_PAGE_SIZE }, emptyPage())
    : null;
  return { keyword, pageNum, page };
}

/** /cms/notice: the intranet's rolling notices (administrators, isPower 1). */
export default function CmsNotices({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { keyword, pageNum, page } = loaderData;
  return (
    <SiteGuard user={user} who="content">
      {page && <NoticeList keyword={keyword} pageNum={pageNum} loaded={page} />}
    </SiteGuard>
  );
}
