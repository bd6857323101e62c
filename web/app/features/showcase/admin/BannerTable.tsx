import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Space, Table, Tag, Typography } from 'antd';
import type { ListAct } from '../../../api/page-data';
import type { BannerRow } from './BannerForm';
import { bannerPageHref } from './showcase-links';
import { Thumb } from '../../../components/ui/Thumb';
import { rowColumns } from './row-columns';

/** The neighbours a banner can move past: the same place and, for covers, the same section. */
const sameGroup = (a: BannerRow, b: BannerRow) => a.place === b.place && a.typeId === b.typeId;

/**
 * Banners or covers in their order: picture, title, link, order with
 * 上移 / 下移, the enabled switch, and 编辑 / 查看 / 删除.
 */
export function BannerTable({
  rows,
  loading,
  cover,
  act,
  onEdit,
}: {
  rows: BannerRow[];
  loading: boolean;
  cover: boolean;
  act: ListAct;
  onEdit: (row: BannerRow) => void;
}) {
  const neighbours = (row: BannerRow) => {
    const group = rows.filter((other) => sameGroup(other, row));
    const index = group.findIndex((other) => other.bannerId === row.bannerId);
    return { first: index === 0, last: index === group.length - 1 };
  };

  return (
    <Table<BannerRow>
      rowKey="bannerId"
      loading={loading}
      dataSource={rows}
      locale={{ emptyText: '暂无数据' }}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 张` }}
      columns={[
        {
          title: '图片',
          width: 180,
          render: (_, row) => (
            <Thumb url={row.coverUrl} thumbUrl={row.thumbUrl} alt={row.coverTitle} width={160} />
          ),
        },
        {
          title: '标题',
          dataIndex: 'coverTitle',
          render: (title: string, row) => (
            <Space direction="vertical" size={4}>
              <span>{title}</span>
              {row.shown ? (
                <Tag color="success">{cover ? '栏目正在显示' : '首页显示中'}</Tag>
              ) : row.enabled === 1 ? (
                <Tag>备用（排在前面的封面优先）</Tag>
              ) : null}
            </Space>
          ),
        },
        ...(cover ? [{ title: '所属栏目', dataIndex: 'typeName', width: 150 }] : []),
        {
          title: '链接',
          dataIndex: 'newsUrl',
          width: 220,
          render: (url: string | null) =>
            url ? (
              <Typography.Text ellipsis={{ tooltip: url }} style={{ maxWidth: 200 }}>
                {url}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">无链接</Typography.Text>
            ),
        },
        {
          title: '排序',
          width: 170,
          render: (_, row) => {
            const { first, last } = neighbours(row);
            return (
              <Space size={4}>
                <span style={{ minWidth: 24, display: 'inline-block' }}>{row.sort}</span>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined aria-hidden />}
                  disabled={first}
                  onClick={() =>
                    void act(
                      'cms/banner/move',
                      { bannerId: row.bannerId, direction: 'up' },
                      '已上移',
                    )
                  }
                >
                  上移
                </Button>
                <Button
                  size="small"
                  icon={<ArrowDownOutlined aria-hidden />}
                  disabled={last}
                  onClick={() =>
                    void act(
                      'cms/banner/move',
                      { bannerId: row.bannerId, direction: 'down' },
                      '已下移',
                    )
                  }
                >
                  下移
                </Button>
              </Space>
            );
          },
        },
        ...rowColumns<BannerRow>({
          enable: ({ bannerId }, enabled, done) =>
            act('cms/banner/enable', { bannerId, enabled }, done),
          remove: ({ bannerId }, done) => act('cms/banner/delete', { bannerId }, done),
          onEdit,
          nameOf: (row) => row.coverTitle,
          pageOf: (row) => bannerPageHref(row),
          confirmOf: (row) => `确定删除“${row.coverTitle}”吗？`,
        }),
      ]}
    />
  );
}
