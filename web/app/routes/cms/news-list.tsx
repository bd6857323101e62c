import { PlusOutlined } from '@ant-design/icons';
import type { NewsAdminItem } from '@school/common/api';
import { Button, Checkbox, Tag } from 'antd';
import { Link, useOutletContext } from 'react-router';
import type { Route } from './+types/news-list';
import { read } from '../../api/page-data';
import {
  RejectedNote,
  ReviewList,
  loadReviewList,
  shelfColumn,
  stateColumn,
} from '../../components/editor/ReviewList';
import { NEWS_KIND, listNews } from '../../features/news/admin/news-form';
import { searchResultHref } from '../../lib/result-href';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '新闻管理 - 内容管理平台' }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  /** Picture and video sets only (the to-do's 图片审核, ?media=1). */
  const media = new URL(request.url).searchParams.get('media') === '1';
  const [columns, list] = await Promise.all([
    read('news/getNewsTypeList', {}, []),
    loadReviewList(request, (query) => listNews({ ...query, media: media ? 1 : undefined })),
  ]);
  // Columns that fail to load leave the filter empty, without a message.
  return { columns: columns.data.filter((c) => c.parentId !== 0 || c.typeId > 18), media, ...list };
}

/**
 * 新闻管理: every column's items with their review state and shelf, and the
 * workflow actions the caller may take (teachers see their own items).
 */
export default function CmsNewsList({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { columns, media, filter, pageNum, page } = loaderData;

  return (
    <ReviewList<NewsAdminItem>
      kind={NEWS_KIND}
      heading="新闻管理"
      head={
        <Link to={filter.typeId ? `/cms/news/new?typeId=${filter.typeId}` : '/cms/news/new'}>
          <Button type="primary" icon={<PlusOutlined aria-hidden />}>
            新增新闻
          </Button>
        </Link>
      }
      category={{
        label: '栏目',
        width: 180,
        options: columns.map((c) => ({ value: c.typeId, label: c.typeName })),
      }}
      filter={filter}
      toggles={(change) => (
        <Checkbox checked={media} onChange={(e) => change({ media: e.target.checked })}>
          只看图集与视频集
        </Checkbox>
      )}
      page={page}
      pageNum={pageNum}
      titleOf={(row) => row.newsTitle}
      pageHref={(row) => searchResultHref({ ...row, videoId: null })}
      user={user}
      actionsWidth={260}
      columns={[
        {
          title: '标题',
          dataIndex: 'newsTitle',
          render: (title: string, row) => (
            <>
              {row.ifTop === 1 && <Tag color="red">顶</Tag>}
              {title}
              <RejectedNote row={row} />
            </>
          ),
        },
        { title: '栏目', dataIndex: 'typeName', width: 100 },
        stateColumn(100),
        shelfColumn(130),
        { title: '发布人', dataIndex: 'releaseUser', width: 90 },
        { title: '更新时间', dataIndex: 'updateDate', width: 160 },
      ]}
    />
  );
}
