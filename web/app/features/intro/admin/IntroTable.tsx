import { Popconfirm, Table, Tag } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { ListPage } from '../../../api/page-data';

/** What the list of a kind of introduction item gets from its route. */
export interface IntroTableProps<T> {
  page: ListPage<T>;
  loading: boolean;
  pageNum: number;
  pageSize: number;
  onPage: (pageNum: number) => void;
  /** Opens the editor of the item with this id. */
  onEdit: (id: number) => void;
  onDelete: (id: number) => Promise<unknown>;
}

/** 可见范围: everyone, or staff only. */
export const audienceColumn = <T,>(width: number): ColumnType<T> => ({
  title: '可见范围',
  dataIndex: 'enableType',
  width,
  render: (enableType: number) =>
    enableType === 1 ? <Tag color="success">所有人</Tag> : <Tag>仅教职工</Tag>,
});

/** 编辑, 查看 (where the portal shows the item) and 删除 after a confirmation. */
export function actionsColumn<T>(item: {
  id: (row: T) => number;
  name: (row: T) => string;
  href: (row: T) => string | null;
  onEdit: (id: number) => void;
  onDelete: (id: number) => Promise<unknown>;
}): ColumnType<T> {
  return {
    title: '操作',
    width: 150,
    render: (_, row) => {
      const href = item.href(row);
      return (
        <div className="cms-actions">
          <button type="button" className="link-button" onClick={() => item.onEdit(item.id(row))}>
            编辑
          </button>
          {href && (
            <a className="link-button" href={href} target="_blank" rel="noreferrer">
              查看
            </a>
          )}
          <Popconfirm
            title="删除"
            description={`确定删除“${item.name(row)}”吗？其版本记录一并删除。`}
            okText="确定"
            cancelText="取消"
            onConfirm={() => item.onDelete(item.id(row))}
          >
            <button type="button" className="link-button">
              删除
            </button>
          </Popconfirm>
        </div>
      );
    },
  };
}

/** A page of introduction items with the route's paging; no rows show the empty state. */
export function IntroTable<T extends object>({
  rowKey,
  totalText,
  columns,
  page,
  loading,
  pageNum,
  pageSize,
  onPage,
}: Omit<IntroTableProps<T>, 'onEdit' | 'onDelete'> & {
  rowKey: keyof T & string;
  totalText: (total: number) => string;
  columns: ColumnsType<T>;
}) {
  return (
    <Table<T>
      rowKey={rowKey}
      loading={loading}
      dataSource={page.list}
      locale={{ emptyText: '暂无数据' }}
      pagination={{
        current: pageNum,
        pageSize,
        total: page.total,
        showTotal: totalText,
        showSizeChanger: false,
        onChange: onPage,
      }}
      columns={columns}
    />
  );
}
