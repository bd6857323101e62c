import { isSystemAdmin } from '@school/common';
import { Tabs } from 'antd';
import { useOutletContext, useSearchParams } from 'react-router';
import type { Route } from './+types/dictionaries';
import { read } from '../../api/page-data';
import { DICTIONARIES, DictionaryList } from '../../features/intranet/settings/DictionaryList';
import { SiteGuard } from '../../features/intranet/settings/SiteControls';
import { requireUser, type StoredUser } from '../../lib/session';

export const meta = () => [{ title: '数据字典 - 内容管理平台' }];

/** The open dictionary's values (?dicCode=), for the administrator role. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  const asked = new URL(request.url).searchParams.get('dicCode');
  const active = DICTIONARIES.find((d) => d.code === asked)?.code ?? DICTIONARIES[0]!.code;
  if (!isSystemAdmin(user)) return { active, rows: null };
  return {
    active,
    rows: await read('cms/dictionary/list', { dicCode: active }, []),
  };
}

/** /cms/dictionary?dicCode=...: the teaching drive's dictionaries (staffType 5). */
export default function CmsDictionaries({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const [, setParams] = useSearchParams();
  const { active, rows } = loaderData;
  return (
    <SiteGuard user={user} who="site">
      <section className="cms-panel" aria-label="数据字典">
        <h1>数据字典</h1>
        <Tabs
          activeKey={active}
          onChange={(key) => setParams({ dicCode: key }, { replace: true })}
          items={DICTIONARIES.map((d) => ({
            key: d.code,
            label: d.name,
            // Only the open tab is drawn (destroyOnHidden): the loader read its values.
            children:
              rows && d.code === active ? <DictionaryList code={d.code} loaded={rows} /> : null,
          }))}
          destroyOnHidden
        />
      </section>
    </SiteGuard>
  );
}
