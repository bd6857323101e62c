import { isSystemAdmin } from '@school/common';
import { useOutletContext } from 'react-router';
import type { Route } from './+types/import-site';
import { read, useLoadFailure } from '../../api/page-data';
import { ImportHowTo, ImportRuns } from '../../features/site-import/ImportRuns';
import { SiteGuard } from '../../features/intranet/settings/SiteControls';
import { requireUser, type StoredUser } from '../../lib/session';

export const meta = () => [{ title: '导入旧站 - 内容管理平台' }];

/** The runs of `npm run import`, for the administrator role only. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  if (!isSystemAdmin(user)) return { runs: null };
  return { runs: await read('cms/importRuns', {}, []) };
}

/** /cms/importSite: how to bring the old site's content in, and what past runs did. */
export default function CmsImportSite({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { runs } = loaderData;
  useLoadFailure(runs);
  return (
    <SiteGuard user={user} who="site">
      <section className="cms-panel" aria-labelledby="import-site-title">
        <h1 id="import-site-title">导入旧站</h1>
        <ImportHowTo />
        <h2>导入记录</h2>
        {runs && <ImportRuns runs={runs.data} />}
      </section>
    </SiteGuard>
  );
}
