import type { Route } from './+types/public-detail';
import { loadStaffArticle, StaffArticle } from '../../features/news/staff/StaffArticle';
import { requireUser } from '../../lib/session';

export const meta = () => [{ title: '正文 - 校内网' }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  const params = new URL(request.url).searchParams;
  const from = {
    typeId: Number(params.get('typeId')) || undefined,
    textTitle: params.get('textTitle') ?? '',
    myRelease: Number(params.get('myRelease')) || undefined,
  };
  return { ...(await loadStaffArticle(params.get('newId'), user)), from };
}

/** The list an article was opened from, for the way back. */
function backTo(from: { typeId?: number; textTitle: string; myRelease?: number }) {
  if (from.myRelease) return `/pubNoti?myRelease=${from.myRelease}`;
  return from.typeId ? `/pubNoti?typeId=${from.typeId}` : '/pubNoti';
}

/** A news item opened from a staff list (intranet.md §2 publicDetail). */
export default function PublicDetail({ loaderData }: Route.ComponentProps) {
  const { item, error, from } = loaderData;
  const label = from.textTitle || item?.typeName || '通知公告';
  return <StaffArticle item={item} error={error} back={{ label, to: backTo(from) }} />;
}
