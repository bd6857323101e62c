import { App, Button, Result, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useOutletContext, useSearchParams } from 'react-router';
import { ApiError, call } from '../../api/client';
import { VideoEditor } from '../../features/video/admin/VideoEditor';
import {
  emptyForm,
  formOf,
  type CmsVideoItem,
  type VideoCategory,
} from '../../features/video/admin/video-form';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '编辑视频 - 内容管理平台' }];

/**
 * /cms/video/edit?videoId= edits a video (where the edit hand-off, visitType
 * 30, lands); without videoId it creates one. After a save the list opens
 * with a success message.
 */
export default function CmsVideoEdit() {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const videoId = Number(params.get('videoId')) || undefined;
  const [categories, setCategories] = useState<VideoCategory[] | null>(null);
  const [item, setItem] = useState<CmsVideoItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let cancelled = false;
    Promise.all([
      call<VideoCategory[]>('video/getVideoTypeList', { parentId: 0 }),
      videoId ? call<CmsVideoItem>('cms/video/get', { videoId }) : Promise.resolve(null),
    ])
      .then(([types, stored]) => {
        if (cancelled) return;
        setCategories(types);
        setItem(stored);
        setError(null);
      })
      .catch((err) => {
        if (!cancelled) setError(err instanceof ApiError ? err.message : '网络异常，请稍后再试');
      });
    return () => {
      cancelled = true;
    };
  }, [videoId, version]);

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
  if (!categories || (videoId && !item)) return <Spin size="large" className="cms-loading" />;

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
        onRestored={() => setVersion((v) => v + 1)}
      />
    </div>
  );
}
