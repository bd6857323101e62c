import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Input, Select, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useOutletContext, useSearchParams } from 'react-router';
import { ApiError, call } from '../../api/client';
import { NewsActions, type CmsNewsRow } from '../../features/news/admin/NewsActions';
import type { StoredUser } from '../../lib/session';

interface Column {
  typeId: number;
  typeName: string;
  parentId: number;
}

export const meta = () => [{ title: '新闻管理 - 内容管理平台' }];

const STATES = [
  { value: 'draft', label: '草稿', color: 'default' },
  { value: 'submitted', label: '待审核', color: 'processing' },
  { value: 'approved', label: '审核通过', color: 'success' },
  { value: 'rejected', label: '已退回', color: 'error' },
];

const PAGE_SIZE = 10;

/**
 * 新闻管理: every column's items with their review state and shelf, and the
 * workflow actions the caller may take (teachers see their own items).
 */
export default function CmsNewsList() {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { message } = App.useApp();
  const [columns, setColumns] = useState<Column[]>([]);
  // The platform's home links here with a state (?reviewState=submitted) and ?mine=1.
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<{
    typeId?: number;
    reviewState?: string;
    keyword?: string;
    mine: boolean;
  }>(() => ({
    reviewState: STATES.some((s) => s.value === params.get('reviewState'))
      ? params.get('reviewState')!
      : undefined,
    mine: params.get('mine') === '1',
  }));
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<{ total: number; list: CmsNewsRow[] } | null>(null);

  useEffect(() => {
    call<Column[]>('news/getNewsTypeList')
      .then((rows) => setColumns(rows.filter((c) => c.parentId !== 0 || c.typeId > 18)))
      .catch(() => setColumns([]));
  }, []);

  // Bumped after an action so the list is read again.
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let cancelled = false;
    call<{ total: number; list: CmsNewsRow[] }>('cms/news/list', {
      ...filter,
      mine: filter.mine ? 1 : undefined,
      pageNum,
      pageSize: PAGE_SIZE,
    })
      .then((result) => {
        if (!cancelled) setPage(result);
      })
      .catch((err) => {
        if (cancelled) return;
        if (err instanceof ApiError) message.error(err.message);
        setPage({ total: 0, list: [] });
      });
    return () => {
      cancelled = true;
    };
  }, [filter, pageNum, version, message]);

  const change = (next: Partial<typeof filter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setPageNum(1);
  };

  return (
    <section className="cms-panel" aria-label="新闻管理">
      <div className="cms-panel-head">
        <h1>新闻管理</h1>
        <Link to={filter.typeId ? `/cms/news/new?typeId=${filter.typeId}` : '/cms/news/new'}>
          <Button type="primary" icon={<PlusOutlined />}>
            新增新闻
          </Button>
        </Link>
      </div>
      <div className="cms-filters">
        <Select
          allowClear
          placeholder="全部栏目"
          aria-label="栏目"
          style={{ width: 180 }}
          options={columns.map((c) => ({ value: c.typeId, label: c.typeName }))}
          onChange={(typeId?: number) => change({ typeId })}
        />
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="状态"
          defaultValue={filter.reviewState}
          style={{ width: 140 }}
          options={STATES.map((s) => ({ value: s.value, label: s.label }))}
          onChange={(reviewState?: string) => change({ reviewState })}
        />
        <Input.Search
          allowClear
          placeholder="标题关键字"
          aria-label="标题关键字"
          style={{ width: 240 }}
          onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
        />
        {user.isPower === 1 && (
          <Checkbox checked={filter.mine} onChange={(e) => change({ mine: e.target.checked })}>
            只看我发布的
          </Checkbox>
        )}
      </div>
      <Table<CmsNewsRow>
        rowKey="newId"
        loading={page === null}
        dataSource={page?.list ?? []}
        locale={{ emptyText: '暂无数据' }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: page?.total ?? 0,
          showTotal: (total) => `共 ${total} 条`,
          showSizeChanger: false,
          onChange: setPageNum,
        }}
        columns={[
          {
            title: '标题',
            dataIndex: 'newsTitle',
            render: (title: string, row) => (
              <>
                {row.ifTop === 1 && <Tag color="red">顶</Tag>}
                {title}
                {row.reviewState === 'rejected' && row.reviewNote && (
                  <div className="cms-note">退回原因：{row.reviewNote}</div>
                )}
              </>
            ),
          },
          { title: '栏目', dataIndex: 'typeName', width: 100 },
          {
            title: '状态',
            dataIndex: 'reviewState',
            width: 100,
            render: (state: string, row) => (
              <Tag color={STATES.find((s) => s.value === state)?.color}>{row.reviewStateName}</Tag>
            ),
          },
          {
            title: '上架',
            width: 100,
            render: (_, row) =>
              row.ifShelves !== 1
                ? '未上架'
                : row.scheduled
                  ? `定时 ${row.shelvesDate.slice(0, 16)}`
                  : '已上架',
          },
          { title: '发布人', dataIndex: 'releaseUser', width: 90 },
          { title: '更新时间', dataIndex: 'updateDate', width: 160 },
          {
            title: '操作',
            width: 240,
            render: (_, row) => <NewsActions row={row} user={user} onChanged={reload} />,
          },
        ]}
      />
    </section>
  );
}
