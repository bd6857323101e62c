import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Input, Select } from 'antd';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { ContentAdminOnly } from '../../layouts/cms/ContentAdminOnly';
import { SocietyForm, type SocietyRow } from '../../features/showcase/admin/SocietyForm';
import { SocietyTable } from '../../features/showcase/admin/SocietyTable';
import { SOCIETY_OPTIONS } from '../../features/showcase/admin/showcase-links';
import { useCmsList } from '../../api/use-cms-list';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '社团风采 - 内容管理平台' }];

const PAGE_SIZE = 10;

function SocietyAdmin() {
  const { message } = App.useApp();
  const [filter, setFilter] = useState<{ associationType?: number; keyword?: string }>({});
  const [pageNum, setPageNum] = useState(1);
  const [editing, setEditing] = useState<SocietyRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const { page, loading, reload, act } = useCmsList<SocietyRow>('cms/society/list', {
    ...filter,
    pageNum,
    pageSize: PAGE_SIZE,
  });
  const change = (next: Partial<typeof filter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setPageNum(1);
  };
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
          onChange={(associationType?: number) => change({ associationType })}
        />
        <Input.Search
          allowClear
          placeholder="社团名称"
          aria-label="社团名称"
          style={{ width: 220 }}
          onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
          新增社团
        </Button>
      </div>
      <SocietyTable
        page={page}
        loading={loading}
        pageNum={pageNum}
        pageSize={PAGE_SIZE}
        onPage={setPageNum}
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
          reload();
        }}
      />
    </section>
  );
}

/** 社团风采: the student societies of media channel 9 (administrators). */
export default function CmsSocieties() {
  const { user } = useOutletContext<{ user: StoredUser }>();
  return (
    <ContentAdminOnly user={user}>
      <SocietyAdmin />
    </ContentAdminOnly>
  );
}
