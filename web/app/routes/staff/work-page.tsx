import type { Route } from './+types/work-page';
import { loadStaffArticle, StaffArticle } from '../../features/news/staff/StaffArticle';
import { requireUser } from '../../lib/session';

export const meta = () => [{ title: '正文 - 搜索结果' }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  const params = new URL(request.url).searchParams;
  return {
    ...(await loadStaffArticle(params.get('newId'), user)),
    search: params.get('search') ?? '',
  };
}

/** A news item opened from the site search (intranet.md §2 workPage: typeId, newId, type). */
export default function WorkPage({ loaderData }: Route.ComponentProps) {
  const { item, error, search } = loaderData;
  const to = `/sechresPage${search.startsWith('?') ? search : ''}`;
  return <StaffArticle item={item} error={error} back={{ label: '搜索结果', to }} />;
}
