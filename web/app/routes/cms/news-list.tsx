import { PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Select, Table, Tag } from 'antd';
import { Link, useOutletContext, useRevalidator } from 'react-router';
import type { Route } from './+types/news-list';
import {
  intSearch,
  readUntyped as read,
  useLoadFailure,
  usePageLoading,
  useSearchState,
} from '../../api/page-data';
import { NewsActions, type CmsNewsRow } from '../../features/news/admin/NewsActions';
import { requireUser, type StoredUser } from '../../lib/session';

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
 * The filter is in the address: the platform's home links here with a state
 * (?reviewState=submitted) and ?mine=1; the others follow the person's choices.
 */
function filterOf(params: URLSearchParams) {
  const reviewState = params.get('reviewState') ?? '';
  return {
    typeId: intSearch(params, 'typeId'),
    reviewState: STATES.some((s) => s.value === reviewState) ? reviewState : undefined,
    keyword: params.get('keyword') || undefined,
    mine: params.get('mine') === '1',
    /** Picture and video sets only (the to-do's 图片审核, ?media=1). */
    media: params.get('media') === '1',
  };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  const params = new URL(request.url).searchParams;
  const filter = filterOf(params);
  const pageNum = intSearch(params, 'pageNum') ?? 1;
  const [columns, page] = await Promise.all([
    read<Column[]>('news/getNewsTypeList', {}, []),
    read<{ total: number; list: CmsNewsRow[] }>(
      'cms/news/list',
      {
        ...filter,
        mine: filter.mine ? 1 : undefined,
        media: filter.media ? 1 : undefined,
        pageNum,
        pageSize: PAGE_SIZE,
      },
      { total: 0, list: [] },
    ),
  ]);
  return {
    // Columns that fail to load leave the filter empty, without a message.
    columns: columns.data.filter((c) => c.parentId !== 0 || c.typeId > 18),
    filter,
    pageNum,
    page,
  };
}

/**
 * 新闻管理: every column's items with their review state and shelf, and the
 * workflow actions the caller may take (teachers see their own items).
 */
export default function CmsNewsList({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { columns, filter, pageNum, page } = loaderData;
  useLoadFailure(page);
  const { change, setPage } = useSearchState();
  const loading = usePageLoading();
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();

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
          defaultValue={filter.typeId}
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
          defaultValue={filter.keyword}
          onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
        />
        <Checkbox checked={filter.media} onChange={(e) => change({ media: e.target.checked })}>
          只看图集与视频集
        </Checkbox>
        {user.isPower === 1 && (
          <Checkbox checked={filter.mine} onChange={(e) => change({ mine: e.target.checked })}>
            只看我发布的
          </Checkbox>
        )}
      </div>
      <Table<CmsNewsRow>
        rowKey="newId"
        loading={loading}
        dataSource={page.data.list}
        locale={{ emptyText: '暂无数据' }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: page.data.total,
          showTotal: (total) => `共 ${total} 条`,
          showSizeChanger: false,
          onChange: setPage,
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
