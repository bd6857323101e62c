import { Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ListPage } from '../showcase/use-cms-list';
import { Thumb } from '../showcase/Thumb';
import { wwfzPageHref } from './intro-types';

/** A row of api/cms/wwfz/list. */
export interface IntroPageRow {
  wwfzId: number;
  wwfzType: number;
  wwfzTypeName: string;
  wwfzTitle: string;
  enWwfzTitle: string;
  wwfzDesc: string;
  picFileId: number | null;
  wwfzPic: string;
  picThumbUrl: string;
  enableType: number;
  sort: number;
  createDate: string;
}

/** The pages in the order meetfuyi shows them, with 编辑 / 查看 / 删除. */
export function IntroPageTable({
  page,
  loading,
  pageNum,
  pageSize,
  onPage,
  onEdit,
  onDelete,
}: {
  page: ListPage<IntroPageRow>;
  loading: boolean;
  pageNum: number;
  pageSize: number;
  onPage: (pageNum: number) => void;
  onEdit: (wwfzId: number) => void;
  onDelete: (wwfzId: number) => Promise<unknown>;
}) {
  return (
    <Table<IntroPageRow>
      rowKey="wwfzId"
      loading={loading}
      dataSource={page.list}
      locale={{ emptyText: '暂无数据' }}
      pagination={{
        current: pageNum,
        pageSize,
        total: page.total,
        showTotal: (total) => `共 ${total} 个页面`,
        showSizeChanger: false,
        onChange: onPage,
      }}
      columns={[
        {
          title: '图片',
          width: 110,
          render: (_, row) => (
            <Thumb
              url={row.wwfzPic}
              thumbUrl={row.picThumbUrl}
              alt={row.wwfzTitle}
              width={88}
              height={60}
            />
          ),
        },
        {
          title: '标题',
          render: (_, row) => (
            <Space direction="vertical" size={0}>
              <span>{row.wwfzTitle}</span>
              {(row.enWwfzTitle || row.wwfzDesc) && (
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 420 }}>
                  {row.enWwfzTitle || row.wwfzDesc}
                </Typography.Text>
              )}
            </Space>
          ),
        },
        { title: '栏目', dataIndex: 'wwfzTypeName', width: 110 },
        {
          title: '可见范围',
          dataIndex: 'enableType',
          width: 110,
          render: (enableType: number) =>
            enableType === 1 ? <Tag color="success">所有人</Tag> : <Tag>仅教职工</Tag>,
        },
        { title: '排序号', dataIndex: 'sort', width: 80 },
        { title: '创建时间', dataIndex: 'createDate', width: 170 },
        {
          title: '操作',
          width: 150,
          render: (_, row) => {
            const href = wwfzPageHref(row);
            return (
              <div className="cms-actions">
                <button type="button" className="link-button" onClick={() => onEdit(row.wwfzId)}>
                  编辑
                </button>
                {href && (
                  <a className="link-button" href={href} target="_blank" rel="noreferrer">
                    查看
                  </a>
                )}
                <Popconfirm
                  title="删除"
                  description={`确定删除“${row.wwfzTitle}”吗？其版本记录一并删除。`}
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => onDelete(row.wwfzId)}
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
