import { Tabs } from 'antd';
import { useOutletContext, useSearchParams } from 'react-router';
import { DICTIONARIES, DictionaryList } from '../../features/settings/DictionaryList';
import { SiteGuard } from '../../features/settings/SiteControls';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '数据字典 - 内容管理平台' }];

/** /cms/dictionary?dicCode=...: the teaching drive's dictionaries (staffType 5). */
export default function CmsDictionaries() {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const [params, setParams] = useSearchParams();
  const active =
    DICTIONARIES.find((d) => d.code === params.get('dicCode'))?.code ?? DICTIONARIES[0]!.code;
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
            children: <DictionaryList code={d.code} />,
          }))}
          destroyOnHidden
        />
      </section>
    </SiteGuard>
  );
}
