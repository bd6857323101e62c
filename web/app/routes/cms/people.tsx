import { PlusOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useOutletContext } from 'react-router';
import type { Route } from './+types/people';
import { usePageLoading, useLoadFailure, type Read, type ListPage } from '../../api/page-data';
import { PersonEditor } from '../../features/intro/admin/PersonEditor';
import { PersonTable, type PersonRow } from '../../features/intro/admin/PersonTable';
import { FMSM_OPTIONS } from '../../features/intro/admin/intro-types';
import { loadIntroList, useIntroAdmin } from '../../features/intro/admin/use-intro-admin';
import { ContentAdminOnly } from '../../layouts/cms/ContentAdminOnly';
import { requireUser, type StoredUser } from '../../lib/session';
import { SearchInput } from '../../components/ui/SearchInput';

export const meta = () => [{ title: '人物风采 - 内容管理平台' }];

type Filter = { fmsmType: number; keyword: string };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  return loadIntroList<'cms/fmsm/list', Filter>(
    request,
    'cms/fmsm/list',
    ['fmsmType'],
    ['keyword'],
  );
}

function PeopleAdmin({
  filter,
  loaded,
}: {
  filter: Partial<Filter>;
  loaded: Read<ListPage<PersonRow>>;
}) {
  useLoadFailure(loaded);
  const loading = usePageLoading();
  const admin = useIntroAdmin<Filter>();
  const { change, edit } = admin;

  return (
    <section className="cms-panel" aria-label="人物风采">
      <h1>人物风采</h1>
      <div className="cms-filters">
        <Select
          allowClear
          placeholder="全部栏目"
          aria-label="栏目"
          style={{ width: 200 }}
          options={FMSM_OPTIONS}
          defaultValue={filter.fmsmType}
          onChange={(fmsmType?: number) => change({ fmsmType })}
        />
        <SearchInput
          allowClear
          placeholder="姓名"
          aria-label="姓名"
          style={{ width: 200 }}
          defaultValue={filter.keyword}
          onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => edit(null)}>
          新增人物
        </Button>
      </div>
      <PersonTable
        page={loaded.data}
        loading={loading}
        {...admin.paging}
        onEdit={edit}
        onDelete={(fmsmId) => admin.act('cms/fmsm/delete', { fmsmId }, '已删除')}
      />
      <PersonEditor
        key={admin.editor.session}
        open={admin.editor.open}
        fmsmId={admin.editor.id}
        fmsmType={filter.fmsmType}
        onClose={admin.closeEditor}
        onSaved={admin.reload}
      />
    </section>
  );
}

/** 人物风采: the people of meetfuyi section 2 (administrators). */
export default function CmsPeople({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { filter, page } = loaderData;
  return (
    <ContentAdminOnly user={user}>
      {page && <PeopleAdmin filter={filter} loaded={page} />}
    </ContentAdminOnly>
  );
}
