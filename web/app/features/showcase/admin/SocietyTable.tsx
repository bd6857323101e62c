import { Table, Tag } from 'antd';
import type { SocietyRow } from './SocietyForm';
import { societyPageHref } from './showcase-links';
import { Thumb } from '../../../components/ui/Thumb';
import { rowColumns } from './row-columns';
import type { ListAct, ListPage } from '../../../api/page-data';

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
  act: ListAct;
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
        ...rowColumns<SocietyRow>({
          enable: ({ associationId }, enabled, done) =>
            act('cms/society/enable', { associationId, enabled }, done),
          remove: ({ associationId }, done) => act('cms/society/delete', { associationId }, done),
          onEdit,
          nameOf: (row) => row.associationName,
          pageOf: (row) => societyPageHref(row.associationType),
          confirmOf: (row) => `确定删除社团“${row.associationName}”吗？`,
        }),
      ]}
    />
  );
}
