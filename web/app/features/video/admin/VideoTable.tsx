import { PictureOutlined } from '@ant-design/icons';
import { Empty, Image, Table, Tag, Tooltip } from 'antd';
import type { StoredUser } from '../../../lib/session';
import { VideoActions } from './VideoActions';
import { REVIEW_STATES, type CmsVideoRow } from './video-form';

/** The videos of api/cms/video/list with their state and the actions each allows. */
export function VideoTable({
  page,
  loading,
  pageNum,
  pageSize,
  onPage,
  user,
  onChanged,
}: {
  page: { total: number; list: CmsVideoRow[] };
  loading: boolean;
  pageNum: number;
  pageSize: number;
  onPage: (pageNum: number) => void;
  user: StoredUser;
  onChanged: () => void;
}) {
  return (
    <Table<CmsVideoRow>
      rowKey="videoId"
      loading={loading}
      dataSource={page.list}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />,
      }}
      scroll={{ x: 1100 }}
      pagination={{
        current: pageNum,
        pageSize,
        total: page.total,
        showTotal: (total) => `共 ${total} 条`,
        showSizeChanger: false,
        onChange: onPage,
      }}
      columns={[
        {
          title: '封面',
          dataIndex: 'thumbUrl',
          width: 110,
          render: (thumbUrl: string, row) =>
            thumbUrl ? (
              <Image
                src={thumbUrl}
                preview={{ src: row.imgUrl }}
                width={88}
                height={50}
                style={{ objectFit: 'cover' }}
                alt={`${row.videoTitle}的封面`}
              />
            ) : (
              <span className="muted" aria-label="无封面">
                <PictureOutlined /> 无
              </span>
            ),
        },
        {
          title: '标题',
          dataIndex: 'videoTitle',
          render: (title: string, row) => (
            <>
              {title}
              {row.enableType === 2 && (
                <Tag color="purple" style={{ marginLeft: 6 }}>
                  仅校内
                </Tag>
              )}
              <div className="muted">{row.fileCount} 个视频文件</div>
              {row.reviewState === 'rejected' && row.reviewNote && (
                <div className="cms-note">退回原因：{row.reviewNote}</div>
              )}
            </>
          ),
        },
        { title: '分类', dataIndex: 'typeName', width: 100 },
        {
          title: '状态',
          dataIndex: 'reviewState',
          width: 96,
          render: (state: CmsVideoRow['reviewState'], row) => (
            <Tag color={REVIEW_STATES.find((s) => s.value === state)?.color}>
              {row.reviewStateName}
            </Tag>
          ),
        },
        {
          title: '上架',
          dataIndex: 'ifShelves',
          width: 80,
          render: (ifShelves: number) =>
            ifShelves === 1 ? <Tag color="green">已上架</Tag> : <Tag>未上架</Tag>,
        },
        {
          title: '置顶',
          dataIndex: 'ifTop',
          width: 70,
          render: (ifTop: number) => (ifTop === 1 ? <Tag color="red">顶</Tag> : '—'),
        },
        {
          title: '创建人',
          dataIndex: 'createStaffName',
          width: 100,
          render: (name: string, row) =>
            row.releaseUser && row.releaseUser !== name ? (
              <Tooltip title={`发布人：${row.releaseUser}`}>{name || '—'}</Tooltip>
            ) : (
              name || '—'
            ),
        },
        { title: '更新时间', dataIndex: 'updateDate', width: 160 },
        {
          title: '操作',
          width: 230,
          fixed: 'right',
          render: (_, row) => <VideoActions row={row} user={user} onChanged={onChanged} />,
        },
      ]}
    />
  );
}
