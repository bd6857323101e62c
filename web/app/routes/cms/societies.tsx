import { isContentAdmin } from '@school/common';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Select } from 'antd';
import { useState } from 'react';
import { useOutletContext, useRevalidator } from 'react-router';
import type { Route } from './+types/societies';
import { ContentAdminOnly } from '../../layouts/cms/ContentAdminOnly';
import { SocietyForm, type SocietyRow } from '../../features/showcase/admin/SocietyForm';
import { SocietyTable } from '../../features/showcase/admin/SocietyTable';
import { SOCIETY_OPTIONS } from '../../features/showcase/admin/showcase-links';
import {
  emptyPage,
  intSearch,
  read,
  useListAct,
  useLoadFailure,
  usePageLoading,
  useSearchState,
  type ListPage,
  type Read,
} from '../../api/page-data';
import { requireUser, type StoredUser } from '../../lib/session';
import { SearchInput } from '../../components/ui/SearchInput';

export const meta = () => [{ title: '社团风采 - 内容管理平台' }];

const PAGE_SIZE = 10;

interface Filter {
  associationType?: number;
  keyword?: string;
}

/** The filter and page are in the address; only administrators read the list. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  const params = new URL(request.url).searchParams;
  const filter: Filter = {
    associationType: intSearch(params, 'associationType'),
    keyword: params.get('keyword') || undefined,
  };
  const pageNum = intSearch(params, 'pageNum') ?? 1;
  const page = isContentAdmin(user)
    ? await read('cms/society/list', { ...filter, pageNum, pageSize: PAGE_SIZE }, emptyPage())
    : null;
  return { filter, pageNum, page };
}

function SocietyAdmin({
  filter,
  pageNum,
  loaded,
}: {
  filter: Filter;
  pageNum: number;
  loaded: Read<ListPage<SocietyRow>>;
}) {
  const { message } = App.useApp();
  useLoadFailure(loaded);
  const page = loaded.data;
  const loading = usePageLoading();
  const { change, setPage } = useSearchState();
  const act = useListAct();
  const { revalidate } = useRevalidator();
  const [editing, setEditing] = useState<SocietyRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const openForm = (row: SocietyRow | null) => {
    setEditing(row);
    setFormOpen(true);
  };

  return (
    <section className="cms-panel" aria-label="社团风采">
      <h1>社团风采</h1>
      <div className="cms-filters">
        <Select
          allowClear
          placeholder="全部类别"
          aria-label="社团类别"
          style={{ width: 160 }}
          options={SOCIETY_OPTIONS}
          defaultValue={filter.associationType}
          onChange={(associationType?: number) => change({ associationType })}
        />
        <SearchInput
          allowClear
          placeholder="社团名称"
          aria-label="社团名称"
          style={{ width: 220 }}
          defaultValue={filter.keyword}
          onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openForm(null)}>
          新增社团
        </Button>
      </div>
      <SocietyTable
        page={page}
        loading={loading}
        pageNum={pageNum}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        act={act}
        onEdit={openForm}
      />
      <SocietyForm
        editing={editing}
        category={filter.associationType}
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          setFormOpen(false);
          message.success('保存成功');
          void revalidate();
        }}
      />
    </section>
  );
}

/** 社团风采: the student societies of media channel 9 (administrators). */
export default function CmsSocieties({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { filter, pageNum, page } = loaderData;
  return (
    <ContentAdminOnly user={user}>
      {page && <SocietyAdmin filter={filter} pageNum={pageNum} loaded={page} />}
    </ContentAdminOnly>
  );
}
