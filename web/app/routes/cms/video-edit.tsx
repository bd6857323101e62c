import { App, Button, Result, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useOutletContext, useRevalidator } from 'react-router';
import type { Route } from './+types/video-edit';
import { callUntyped as call } from '../../api/client';
import { errorText, intSearch } from '../../api/page-data';
import { VideoEditor } from '../../features/video/admin/VideoEditor';
import {
  emptyForm,
  formOf,
  type CmsVideoItem,
  type VideoCategory,
} from '../../features/video/admin/video-form';
import { requireUser, type StoredUser } from '../../lib/session';

export const meta = () => [{ title: '编辑视频 - 内容管理平台' }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  const videoId = intSearch(new URL(request.url).searchParams, 'videoId');
  try {
    const [categories, item] = await Promise.all([
      call<VideoCategory[]>('video/getVideoTypeList', { parentId: 0 }),
      videoId ? call<CmsVideoItem>('cms/video/get', { videoId }) : Promise.resolve(null),
    ]);
    return { categories, item, error: null };
  } catch (err) {
    return { categories: null, item: null, error: errorText(err) };
  }
}

/**
 * /cms/video/edit?videoId= edits a video (where the edit hand-off, visitType
 * 30, lands); without videoId it creates one. After a save the list opens
 * with a success message.
 */
export default function CmsVideoEdit({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { categories, item, error } = loaderData;
  // Counts restores, so the editor starts afresh from the restored version.
  const [version, setVersion] = useState(0);

  if (error) {
    return (
      <Result
        status="warning"
        title={error}
        extra={
          <Button type="primary" onClick={() => navigate('/cms/video')}>
            返回视频管理
          </Button>
        }
      />
    );
  }
  if (!categories) return <Spin size="large" className="cms-loading" />;

  return (
    <div className="cms-page">
      <Space className="cms-page-head" align="center">
        <Typography.Title level={4}>{item ? '编辑视频' : '新增视频'}</Typography.Title>
        <Link to="/cms/video">返回列表</Link>
      </Space>
      <VideoEditor
        key={item ? `${item.videoId}-${item.updateDate}-${version}` : 'new'}
        user={user}
        categories={categories}
        item={item}
        initial={item ? formOf(item) : emptyForm(user.staffName)}
        onSaved={(done) => {
          message.success(done);
          navigate('/cms/video');
        }}
        onRestored={() => {
          setVersion((v) => v + 1);
          void revalidate();
        }}
      />
    </div>
  );
}
