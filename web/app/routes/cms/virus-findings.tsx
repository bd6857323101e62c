import { isSystemAdmin } from '@school/common';
import { useOutletContext } from 'react-router';
import type { Route } from './+types/virus-findings';
import { intSearch, read, useLoadFailure } from '../../api/page-data';
import { FINDINGS_PAGE_SIZE, FindingList } from '../../features/virus-findings/FindingList';
import { SiteAdminOnly } from '../../layouts/cms/SiteAdminOnly';
import { requireUser, type StoredUser } from '../../lib/session';

export const meta = () => [{ title: '病毒检测记录 - 内容管理平台' }];

/** The state shown (?state=1 已处理, all 全部; 待处理 by default) and the page are in the address. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  const params = new URL(request.url).searchParams;
  const asked = params.get('state');
  const state = asked === '1' ? '1' : asked === 'all' ? '' : '0';
  const pageNum = intSearch(params, 'pageNum') ?? 1;
  const page = isSystemAdmin(user)
    ? await read(
        'cms/virusFinding/list',
        {
          ...(state ? { state: Number(state) as 0 | 1 } : {}),
          pageNum,
          pageSize: FINDINGS_PAGE_SIZE,
        },
        { total: 0, list: [] },
      )
    : null;
  return { state, pageNum, page } as const;
}

/** 病毒检测记录 (/cms/virusFinding, system administrators). */
export default function CmsVirusFindings({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { state, pageNum, page } = loaderData;
  useLoadFailure(page);
  return (
    <SiteAdminOnly user={user}>
      <section className="cms-panel" aria-label="病毒检测记录">
        <h1>病毒检测记录</h1>
        <FindingList state={state} pageNum={pageNum} page={page?.data ?? null} />
      </section>
    </SiteAdminOnly>
  );
}
