import { AppstoreOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Input, Select, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useOutletContext, useSearchParams } from 'react-router';
import { ApiError, call } from '../../api/client';
import { VideoTable } from '../../features/video/admin/VideoTable';
import { VideoTypeDrawer } from '../../features/video/admin/VideoTypeDrawer';
import {
  REVIEW_STATES,
  type CmsVideoRow,
  type VideoCategory,
} from '../../features/video/admin/video-form';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '视频管理 - 内容管理平台' }];

const PAGE_SIZE = 10;

interface Filter {
  typeId?: number;
  reviewState?: string;
  keyword?: string;
  mine: boolean;
}

/**
 * 视频管理: the videos the caller may manage (teachers: their own) with their
 * review state, shelf and pin, the workflow actions, 新增视频, and for
 * administrators the video categories.
 */
export default function CmsVideoList() {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const admin = user.isPower === 1;
  const [categories, setCategories] = useState<VideoCategory[]>([]);
  // The platform's home links here with a state (?reviewState=submitted).
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<Filter>(() => ({
    reviewState: REVIEW_STATES.some((s) => s.value === params.get('reviewState'))
      ? params.get('reviewState')!
      : undefined,
    mine: params.get('mine') === '1',
  }));
  const [pageNum, setPageNum] = useState(1);
  /** The last page read, with the request it answers: loading until it matches the current one. */
  const [loaded, setLoaded] = useState<{
    key: string;
    page: { total: number; list: CmsVideoRow[] };
  } | null>(null);
  const [typesOpen, setTypesOpen] = useState(false);
  // Bumped after an action so the list (and the categories) are read again.
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    call<VideoCategory[]>('video/getVideoTypeList', { parentId: 0 })
      .then(setCategories)
      .catch(() => setCategories([]));
  }, [version]);

  const key = JSON.stringify([filter, pageNum, version]);
  useEffect(() => {
    let cancelled = false;
    call<{ total: number; list: CmsVideoRow[] }>('cms/video/list', {
      ...filter,
      mine: filter.mine ? 1 : undefined,
      pageNum,
      pageSize: PAGE_SIZE,
    })
      .then((result) => {
        if (cancelled) return;
        // The last row of a page was deleted: show the page before.
        if (result.list.length === 0 && pageNum > 1) setPageNum(pageNum - 1);
        else setLoaded({ key, page: result });
      })
      .catch((err) => {
        if (cancelled) return;
        message.error(err instanceof ApiError ? err.message : '网络异常，请稍后再试');
        setLoaded({ key, page: { total: 0, list: [] } });
      });
    return () => {
      cancelled = true;
    };
  }, [key, filter, pageNum, message]);

  const change = (next: Partial<Filter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setPageNum(1);
  };

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
          onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
        />
        {admin && (
          <Checkbox checked={filter.mine} onChange={(e) => change({ mine: e.target.checked })}>
            只看我发布的
          </Checkbox>
        )}
      </div>
      <VideoTable
        page={loaded?.page ?? { total: 0, list: [] }}
        loading={loaded?.key !== key}
        pageNum={pageNum}
        pageSize={PAGE_SIZE}
        onPage={setPageNum}
        user={user}
        onChanged={reload}
      />
      {admin && (
        <VideoTypeDrawer open={typesOpen} onClose={() => setTypesOpen(false)} onChanged={reload} />
      )}
    </section>
  );
}
