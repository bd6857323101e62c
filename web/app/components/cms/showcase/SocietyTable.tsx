import { Popconfirm, Switch, Table, Tag } from 'antd';
import type { Payload } from '../../../api/client';
import type { SocietyRow } from './SocietyForm';
import { societyPageHref } from './showcase-links';
import { Thumb } from './Thumb';
import type { ListPage } from './use-cms-list';

/** Societies by category and order: logo, picture, name, the enabled switch, 编辑 / 查看 / 删除. */
export function SocietyTable({
  page,
  loading,
  pageNum,
  pageSize,
  onPage,
  act,
  onEdit,
}: {
  page: ListPage<SocietyRow>;
  loading: boolean;
  pageNum: number;
  pageSize: number;
  onPage: (pageNum: number) => void;
  act: (path: string, body: Payload, done: string) => Promise<boolean>;
  onEdit: (row: SocietyRow) => void;
}) {
  return (
    <Table<SocietyRow>
      rowKey="associationId"
      loading={loading}
      dataSource={page.list}
      locale={{ emptyText: '暂无数据' }}
      pagination={{
        current: pageNum,
        pageSize,
        total: page.total,
        showTotal: (total) => `共 ${total} 个社团`,
        showSizeChanger: false,
        onChange: onPage,
      }}
      columns={[
        {
          title: '标志',
          width: 90,
          render: (_, row) => (
            <Thumb
              url={row.associationLog}
              thumbUrl={row.logoThumbUrl}
              alt={`${row.associationName}标志`}
              width={56}
              height={56}
            />
          ),
        },
        {
          title: '图片',
          width: 140,
          render: (_, row) => (
            <Thumb
              url={row.associationPic}
              thumbUrl={row.picThumbUrl}
              alt={row.associationName}
              width={120}
            />
          ),
        },
        { title: '社团名称', dataIndex: 'associationName' },
        {
          title: '类别',
          dataIndex: 'associationTypeName',
          width: 120,
          render: (name: string) => <Tag color="blue">{name}</Tag>,
        },
        { title: '排序号', dataIndex: 'sort', width: 80 },
        {
          title: '启用',
          width: 90,
          render: (_, row) => (
            <Switch
              aria-label={`启用 ${row.associationName}`}
              checked={row.enabled === 1}
              checkedChildren="启用"
              unCheckedChildren="停用"
              onChange={(checked) =>
                void act(
                  'cms/society/enable',
                  { associationId: row.associationId, enabled: checked ? 1 : 0 },
                  checked ? '已启用' : '已停用',
                )
              }
            />
          ),
        },
        {
          title: '操作',
          width: 160,
          render: (_, row) => (
            <div className="cms-actions">
              <button type="button" className="link-button" onClick={() => onEdit(row)}>
                编辑
              </button>
              <a
                className="link-button"
                href={societyPageHref(row.associationType)}
                target="_blank"
                rel="noreferrer"
              >
                查看
              </a>
              <Popconfirm
                title="删除"
                description={`确定删除社团“${row.associationName}”吗？`}
                okText="确定"
                cancelText="取消"
                onConfirm={() =>
                  act('cms/society/delete', { associationId: row.associationId }, '已删除')
                }
              >
                <button type="button" className="link-button">
                  删除
                </button>
              </Popconfirm>
            </div>
          ),
        },
      ]}
    />
  );
}
