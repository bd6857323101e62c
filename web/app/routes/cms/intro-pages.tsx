import { PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select, Tooltip } from 'antd';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { IntroPageEditor } from '../../components/cms/intro/IntroPageEditor';
import { IntroPageTable, type IntroPageRow } from '../../components/cms/intro/IntroPageTable';
import {
  SINGLE_PAGE_TYPES,
  WWFZ_OPTIONS,
  wwfzTypeName,
} from '../../components/cms/intro/intro-types';
import { ContentAdminOnly } from '../../components/cms/showcase/ContentAdminOnly';
import { useCmsList } from '../../components/cms/showcase/use-cms-list';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '学校介绍 - 内容管理平台' }];

const PAGE_SIZE = 10;

function IntroPagesAdmin() {
  const [filter, setFilter] = useState<{ wwfzType?: number; keyword?: string }>({});
  const [pageNum, setPageNum] = useState(1);
  // session: a new editor for each opening.
  const [editor, setEditor] = useState<{ open: boolean; wwfzId: number | null; session: number }>({
    open: false,
    wwfzId: null,
    session: 0,
  });
  const edit = (wwfzId: number | null) =>
    setEditor((current) => ({ open: true, wwfzId, session: current.session + 1 }));
  const { page, loading, reload, act } = useCmsList<IntroPageRow>('cms/wwfz/list', {
    ...filter,
    pageNum,
    pageSize: PAGE_SIZE,
  });
  const change = (next: Partial<typeof filter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setPageNum(1);
  };
  // The profile, aims and scholarships are one page each: edit it rather than add another.
  const single =
    filter.wwfzType !== undefined &&
    !filter.keyword &&
    SINGLE_PAGE_TYPES.includes(filter.wwfzType) &&
    page.total > 0;

  return (
    <section className="cms-panel" aria-label="学校介绍">
      <h1>学校介绍</h1>
      <div className="cms-filters">
        <Select
          allowClear
          placeholder="全部栏目"
          aria-label="栏目"
          style={{ width: 180 }}
          options={WWFZ_OPTIONS}
          onChange={(wwfzType?: number) => change({ wwfzType })}
        />
        <Input.Search
          allowClear
          placeholder="标题关键字"
          aria-label="标题关键字"
          style={{ width: 220 }}
          onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
        />
        <Tooltip
          title={
            single ? `“${wwfzTypeName(filter.wwfzType!)}”只有一个页面，请编辑已有的页面` : undefined
          }
        >
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={single}
            onClick={() => edit(null)}
          >
            新增页面
          </Button>
        </Tooltip>
      </div>
      <IntroPageTable
        page={page}
        loading={loading}
        pageNum={pageNum}
        pageSize={PAGE_SIZE}
        onPage={setPageNum}
        onEdit={edit}
        onDelete={(wwfzId) => act('cms/wwfz/delete', { wwfzId }, '已删除')}
      />
      <IntroPageEditor
        key={editor.session}
        open={editor.open}
        wwfzId={editor.wwfzId}
        wwfzType={filter.wwfzType}
        onClose={() => setEditor((current) => ({ ...current, open: false }))}
        onSaved={reload}
      />
    </section>
  );
}

/** 学校介绍: the pages of meetfuyi section 1 (administrators). */
export default function CmsIntroPages() {
  const { user } = useOutletContext<{ user: StoredUser }>();
  return (
    <ContentAdminOnly user={user}>
      <IntroPagesAdmin />
    </ContentAdminOnly>
  );
}
