import { PictureOutlined } from '@ant-design/icons';
import { Image, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { RejectedNote, shelfColumn, stateColumn } from '../../../components/editor/ReviewList';
import type { VideoAdminItem } from '@school/common/api';

/** The columns of 视频管理 before its actions: cover, title with its files, category, state, shelf, pin, author. */
export const VIDEO_COLUMNS: ColumnsType<VideoAdminItem> = [
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
          <PictureOutlined aria-hidden /> 无
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
        <RejectedNote row={row} />
      </>
    ),
  },
  { title: '分类', dataIndex: 'typeName', width: 100 },
  stateColumn(96),
  shelfColumn(120),
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
];
