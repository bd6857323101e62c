import { PictureOutlined } from '@ant-design/icons';
import { Empty, Button, Image, Popconfirm, Switch, Table } from 'antd';
import { magazinePageHref, type CmsMagazineRow } from './magazine-form';

/** The issues of one series: cover, name, shown on the portal or not, added, actions. */
export function MagazineTable({
  page,
  loading,
  pageNum,
  pageSize,
  onPage,
  onEdit,
  onEnable,
  onDelete,
}: {
  page: { total: number; list: CmsMagazineRow[] };
  loading: boolean;
  pageNum: number;
  pageSize: number;
  onPage: (pageNum: number) => void;
  onEdit: (row: CmsMagazineRow) => void;
  onEnable: (row: CmsMagazineRow, enabled: boolean) => Promise<void>;
  onDelete: (row: CmsMagazineRow) => Promise<void>;
}) {
  return (
    <Table<CmsMagazineRow>
      rowKey="magazineId"
      loading={loading}
      dataSource={page.list}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />,
      }}
      pagination={{
        current: pageNum,
        pageSize,
        total: page.total,
        showTotal: (total) => `共 ${total} 期`,
        showSizeChanger: false,
        onChange: onPage,
      }}
      columns={[
        {
          title: '封面',
          dataIndex: 'thumbUrl',
          width: 100,
          render: (thumbUrl: string, row) =>
            thumbUrl ? (
              <Image
                src={thumbUrl}
                preview={{ src: row.imgUrl }}
                width={60}
                height={80}
                style={{ objectFit: 'cover' }}
                alt={`${row.magazineTitle}的封面`}
              />
            ) : (
              <span className="muted" aria-label="无封面">
                <PictureOutlined aria-hidden /> 无
              </span>
            ),
        },
        {
          title: '名称',
          dataIndex: 'magazineTitle',
          render: (title: string, row) => (
            <>
              <div>{title}</div>
              {row.filePath && (
                <a href={row.filePath} target="_blank" rel="noreferrer" className="muted">
                  {row.pdfFileName || 'PDF'}
                </a>
              )}
            </>
          ),
        },
        {
          title: '门户显示',
          dataIndex: 'enabled',
          width: 110,
          render: (enabled: number, row) => (
            <Switch
              checked={enabled === 1}
              checkedChildren="启用"
              unCheckedChildren="停用"
              aria-label={`${row.magazineTitle}在门户显示`}
              onChange={(checked) => onEnable(row, checked)}
            />
          ),
        },
        { title: '创建时间', dataIndex: 'createDate', width: 170 },
        {
          title: '操作',
          width: 180,
          render: (_, row) => (
            <>
              <Button type="link" size="small" onClick={() => onEdit(row)}>
                编辑
              </Button>
              <Button
                type="link"
                size="small"
                href={magazinePageHref(row.magazineId)}
                target="_blank"
                rel="noreferrer"
                disabled={row.enabled !== 1}
              >
                预览
              </Button>
              <Popconfirm
                title="提示"
                description={`是否确定删除「${row.magazineTitle}」?`}
                okText="确定"
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={() => onDelete(row)}
              >
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            </>
          ),
        },
      ]}
    />
  );
}
