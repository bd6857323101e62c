import { AppstoreOutlined, PlusOutlined } from '@ant-design/icons';
import { isContentAdmin } from '@school/common';
import type { VideoAdminItem } from '@school/common/api';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useNavigate, useOutletContext, useRevalidator } from 'react-router';
import type { Route } from './+types/video-list';
import { read } from '../../api/page-data';
import { ReviewList, loadReviewList } from '../../components/editor/ReviewList';
import { VIDEO_COLUMNS } from '../../features/video/admin/video-columns';
import { VideoTypeDrawer } from '../../features/video/admin/VideoTypeDrawer';
import { VIDEO_KIND, videoPageHref } from '../../features/video/admin/video-form';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '视频管理 - 内容管理平台' }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [categories, list] = await Promise.all([
    read('video/getVideoTypeList', { parentId: 0 }, []),
    loadReviewList(request, VIDEO_KIND.list),
  ]);
  return { categories: categories.data, ...list };
}

/**
 * 视频管理: the videos the caller may manage (teachers: their own) with their
 * review state, shelf and pin, the workflow actions, 新增视频, and for
 * administrators the video categories.
 */
export default function CmsVideoList({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const navigate = useNavigate();
  const admin = isContentAdmin(user);
  const { categories, filter, pageNum, page } = loaderData;
  const [typesOpen, setTypesOpen] = useState(false);
  const { revalidate } = useRevalidator();

  return (
    <>
      <ReviewList<VideoAdminItem>
        kind={VIDEO_KIND}
        heading="视频管理"
        head={
          <Space>
            {admin && (
              <Button icon={<AppstoreOutlined aria-hidden />} onClick={() => setTypesOpen(true)}>
                视频分类
              </Button>
            )}
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => navigate('/cms/video/edit')}
            >
              新增视频
            </Button>
          </Space>
        }
        category={{
          label: '分类',
          width: 160,
          options: categories.map((c) => ({ value: c.typeId, label: c.typeName })),
        }}
        filter={filter}
        page={page}
        pageNum={pageNum}
        titleOf={(row) => row.videoTitle}
        pageHref={videoPageHref}
        user={user}
        columns={VIDEO_COLUMNS}
        actionsWidth={230}
        scrollX={1100}
      />
      {admin && (
        <VideoTypeDrawer
          open={typesOpen}
          onClose={() => setTypesOpen(false)}
          onChanged={() => void revalidate()}
        />
      )}
    </>
  );
}
