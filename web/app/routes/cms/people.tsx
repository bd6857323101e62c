import { PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { PersonEditor } from '../../components/cms/intro/PersonEditor';
import { PersonTable, type PersonRow } from '../../components/cms/intro/PersonTable';
import { FMSM_OPTIONS } from '../../components/cms/intro/intro-types';
import { ContentAdminOnly } from '../../components/cms/showcase/ContentAdminOnly';
import { useCmsList } from '../../components/cms/showcase/use-cms-list';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '人物风采 - 内容管理平台' }];

const PAGE_SIZE = 10;

function PeopleAdmin() {
  const [filter, setFilter] = useState<{ fmsmType?: number; keyword?: string }>({});
  const [pageNum, setPageNum] = useState(1);
  // session: a new editor for each opening.
  const [editor, setEditor] = useState<{ open: boolean; fmsmId: number | null; session: number }>({
    open: false,
    fmsmId: null,
    session: 0,
  });
  const edit = (fmsmId: number | null) =>
    setEditor((current) => ({ open: true, fmsmId, session: current.session + 1 }));
  const { page, loading, reload, act } = useCmsList<PersonRow>('cms/fmsm/list', {
    ...filter,
    pageNum,
    pageSize: PAGE_SIZE,
  });
  const change = (next: Partial<typeof filter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setPageNum(1);
  };

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
          onChange={(fmsmType?: number) => change({ fmsmType })}
        />
        <Input.Search
          allowClear
          placeholder="姓名"
          aria-label="姓名"
          style={{ width: 200 }}
          onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => edit(null)}>
          新增人物
        </Button>
      </div>
      <PersonTable
        page={page}
        loading={loading}
        pageNum={pageNum}
        pageSize={PAGE_SIZE}
        onPage={setPageNum}
        onEdit={edit}
        onDelete={(fmsmId) => act('cms/fmsm/delete', { fmsmId }, '已删除')}
      />
      <PersonEditor
        key={editor.session}
        open={editor.open}
        fmsmId={editor.fmsmId}
        fmsmType={filter.fmsmType}
        onClose={() => setEditor((current) => ({ ...current, open: false }))}
        onSaved={reload}
      />
    </section>
  );
}

/** 人物风采: the people of meetfuyi section 2 (administrators). */
export default function CmsPeople() {
  const { user } = useOutletContext<{ user: StoredUser }>();
  return (
    <ContentAdminOnly user={user}>
      <PeopleAdmin />
    </ContentAdminOnly>
  );
}
