import { AppstoreOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { redirect, useNavigate, useOutletContext, useRevalidator } from 'react-router';
import type { Route } from './+types/video-list';
import {
  intSearch,
  readUntyped as read,
  useLoadFailure,
  usePageLoading,
  useSearchState,
} from '../../api/page-data';
import { VideoTable } from '../../features/video/admin/VideoTable';
import { VideoTypeDrawer } from '../../features/video/admin/VideoTypeDrawer';
import {
  REVIEW_STATES,
  type CmsVideoRow,
  type VideoCategory,
} from '../../features/video/admin/video-form';
import { requireUser, type StoredUser } from '../../lib/session';

export const meta = () => [{ title: '视频管理 - 内容管理平台' }];

const PAGE_SIZE = 10;

/** The filter is in the address; the platform's home links here with ?reviewState=submitted. */
function filterOf(params: URLSearchParams) {
  const reviewState = params.get('reviewState') ?? '';
  return {
    typeId: intSearch(params, 'typeId'),
    reviewState: REVIEW_STATES.some((s) => s.value === reviewState) ? reviewState : undefined,
    keyword: params.get('keyword') || undefined,
    mine: params.get('mine') === '1',
  };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  const url = new URL(request.url);
  const filter = filterOf(url.searchParams);
  const pageNum = intSearch(url.searchParams, 'pageNum') ?? 1;
  const [categories, page] = await Promise.all([
    read<VideoCategory[]>('video/getVideoTypeList', { parentId: 0 }, []),
    read<{ total: number; list: CmsVideoRow[] }>(
      'cms/video/list',
      { ...filter, mine: filter.mine ? 1 : undefined, pageNum, pageSize: PAGE_SIZE },
      { total: 0, list: [] },
    ),
  ]);
  // The last row of a page was deleted: show the page before.
  if (page.data.list.length === 0 && pageNum > 1) {
    url.searchParams.set('pageNum', String(pageNum - 1));
    throw redirect(url.pathname + url.search);
  }
  return { categories: categories.data, filter, pageNum, page };
}

/**
 * 视频管理: the videos the caller may manage (teachers: their own) with their
 * review state, shelf and pin, the workflow actions, 新增视频, and for
 * administrators the video categories.
 */
export default function CmsVideoList({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const navigate = useNavigate();
  const admin = user.isPower === 1;
  const { categories, filter, pageNum, page } = loaderData;
  useLoadFailure(page);
  const { change, setPage } = useSearchState();
  const loading = usePageLoading();
  const [typesOpen, setTypesOpen] = useState(false);
  // After an action the list (and the categories) are read again.
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();

  return (
    <section className="cms-panel" aria-label="视频管理">
      <div className="cms-panel-head">
        <h1>视频管理</h1>
        <Space>
          {admin && (
            <Button icon={<AppstoreOutlined />} onClick={() => setTypesOpen(true)}>
              视频分类
            </Button>
          )}
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate('/cms/video/edit')}
          >
            新增视频
          </Button>
        </Space>
      </div>
      <div className="cms-filters">
        <Select
          allowClear
          placeholder="全部分类"
          aria-label="分类"
          style={{ width: 160 }}
          options={categories.map((c) => ({ value: c.typeId, label: c.typeName }))}
          defaultValue={filter.typeId}
          onChange={(typeId?: number) => change({ typeId })}
        />
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="状态"
          defaultValue={filter.reviewState}
          style={{ width: 140 }}
          options={REVIEW_STATES.map((s) => ({ value: s.value, label: s.label }))}
          onChange={(reviewState?: string) => change({ reviewState })}
        />
        <Input.Search
          allowClear
          placeholder="标题关键字"
          aria-label="标题关键字"
          style={{ width: 240 }}
          defaultValue={filter.keyword}
          onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
        />
        {admin && (
          <Checkbox checked={filter.mine} onChange={(e) => change({ mine: e.target.checked })}>
            只看我发布的
          </Checkbox>
        )}
      </div>
      <VideoTable
        page={page.data}
        loading={loading}
        pageNum={pageNum}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        user={user}
        onChanged={reload}
      />
      {admin && (
        <VideoTypeDrawer open={typesOpen} onClose={() => setTypesOpen(false)} onChanged={reload} />
      )}
    </section>
  );
}
