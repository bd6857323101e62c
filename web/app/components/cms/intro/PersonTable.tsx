import { Popconfirm, Table, Tag, Typography } from 'antd';
import type { ListPage } from '../showcase/use-cms-list';
import { Thumb } from '../showcase/Thumb';
import { fmsmPageHref, fmsmTypeName } from './intro-types';

/** A row of api/cms/fmsm/list. */
export interface PersonRow {
  fmsmId: number;
  fmsmType: number;
  fmsmTypeName: string;
  subjectId: number | null;
  fmsmTitle: string;
  fmsmDesc: string;
  post: string;
  plateType: string;
  brith: string;
  picFileId: number | null;
  fmsmPic: string;
  picThumbUrl: string;
  enableType: number;
  sort: number;
  createDate: string;
  /** The meetfuyi page that lists the person; null when only staff may see them. */
  publicPageNum: number | null;
}

/** People in the order meetfuyi shows them, with their photos and 编辑 / 查看 / 删除. */
export function PersonTable({
  page,
  loading,
  pageNum,
  pageSize,
  onPage,
  onEdit,
  onDelete,
}: {
  page: ListPage<PersonRow>;
  loading: boolean;
  pageNum: number;
  pageSize: number;
  onPage: (pageNum: number) => void;
  onEdit: (fmsmId: number) => void;
  onDelete: (fmsmId: number) => Promise<unknown>;
}) {
  return (
    <Table<PersonRow>
      rowKey="fmsmId"
      loading={loading}
      dataSource={page.list}
      locale={{ emptyText: '暂无数据' }}
      pagination={{
        current: pageNum,
        pageSize,
        total: page.total,
        showTotal: (total) => `共 ${total} 人`,
        showSizeChanger: false,
        onChange: onPage,
      }}
      columns={[
        {
          title: '照片',
          width: 90,
          render: (_, row) => (
            <Thumb
              url={row.fmsmPic}
              thumbUrl={row.picThumbUrl}
              alt={row.fmsmTitle}
              width={60}
              height={72}
            />
          ),
        },
        { title: '姓名', dataIndex: 'fmsmTitle', width: 120 },
        {
          title: '栏目',
          width: 190,
          render: (_, row) => fmsmTypeName(row.fmsmType) || row.fmsmTypeName,
        },
        {
          title: '职务或说明',
          render: (_, row) => (
            <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 320 }}>
              {[row.plateType, row.post, row.brith].filter(Boolean).join(' · ') || row.fmsmDesc}
            </Typography.Text>
          ),
        },
        {
          title: '可见范围',
          dataIndex: 'enableType',
          width: 100,
          render: (enableType: number) =>
            enableType === 1 ? <Tag color="success">所有人</Tag> : <Tag>仅教职工</Tag>,
        },
        { title: '排序号', dataIndex: 'sort', width: 80 },
        {
          title: '操作',
          width: 150,
          render: (_, row) => {
            const href = fmsmPageHref(row);
            return (
              <div className="cms-actions">
                <button type="button" className="link-button" onClick={() => onEdit(row.fmsmId)}>
                  编辑
                </button>
                {href && (
                  <a className="link-button" href={href} target="_blank" rel="noreferrer">
                    查看
                  </a>
                )}
                <Popconfirm
                  title="删除"
                  description={`确定删除“${row.fmsmTitle}”吗？其版本记录一并删除。`}
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => onDelete(row.fmsmId)}
                >
                  <button type="button" className="link-button">
                    删除
                  </button>
                </Popconfirm>
              </div>
            );
          },
        },
      ]}
    />
  );
}
