import { isContentAdmin } from '@school/common';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Select, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useOutletContext, useRevalidator } from 'react-router';
import type { Route } from './+types/banners';
import { BannerForm, type BannerRow } from '../../features/showcase/admin/BannerForm';
import { BannerTable } from '../../features/showcase/admin/BannerTable';
import { ContentAdminOnly } from '../../layouts/cms/ContentAdminOnly';
import {
  BANNER_PLACES,
  COVER_TYPES,
  type BannerPlace,
} from '../../features/showcase/admin/showcase-links';
import {
  emptyPage,
  intSearch,
  read,
  useListAct,
  useLoadFailure,
  usePageLoading,
  useSearchState,
  type ListPage,
  type Read,
} from '../../api/page-data';
import { requireUser, type StoredUser } from '../../lib/session';

export const meta = () => [{ title: '横幅与封面 - 内容管理平台' }];

/** Banners are few: one call reads them all, the table pages them. */
const ALL = 100;

/** The tab (?place=) and the cover's column (?typeId=) are in the address. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  const params = new URL(request.url).searchParams;
  const place: BannerPlace =
    BANNER_PLACES.find((p) => p.place === params.get('place'))?.place ?? 'home';
  const typeId = place === 'cover' ? intSearch(params, 'typeId') : undefined;
  const page = isContentAdmin(user)
    ? await read('cms/banner/list', { place, typeId, pageSize: ALL }, emptyPage())
    : null;
  return { place, typeId, page };
}

function BannerAdmin({
  place,
  typeId,
  loaded,
}: {
  place: BannerPlace;
  typeId: number | undefined;
  loaded: Read<ListPage<BannerRow>>;
}) {
  const { message } = App.useApp();
  useLoadFailure(loaded);
  const page = loaded.data;
  const loading = usePageLoading();
  const { change } = useSearchState();
  const act = useListAct();
  const { revalidate } = useRevalidator();
  const [editing, setEditing] = useState<BannerRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const cover = place === 'cover';

  const openForm = (row: BannerRow | null) => {
    setEditing(row);
    setFormOpen(true);
  };

  return (
    <section className="cms-panel" aria-label="横幅与封面">
      <h1>横幅与封面</h1>
      <Tabs
        activeKey={place}
        onChange={(key) => change({ place: key })}
        items={BANNER_PLACES.map((p) => ({ key: p.place, label: p.label }))}
      />
      <div className="cms-filters">
        {cover && (
          <Select
            allowClear
            placeholder="全部栏目"
            aria-label="所属栏目"
            style={{ width: 240 }}
            value={typeId}
            onChange={(value?: number) => change({ typeId: value })}
            options={COVER_TYPES.map((c) => ({ value: c.typeId, label: c.label }))}
          />
        )}
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openForm(null)}>
          {cover ? '新增封面' : '新增横幅'}
        </Button>
        <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
          {cover
            ? '每个栏目的页面顶部显示排在最前的一张已启用封面。'
            : '首页轮播按排序依次显示已启用的横幅，每 3 秒切换。'}
        </Typography.Text>
      </div>
      <BannerTable
        rows={page.list}
        loading={loading}
        cover={cover}
        act={act}
        onEdit={(row) => openForm(row)}
      />
      <BannerForm
        place={place}
        editing={editing}
        typeId={typeId}
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onSaved={(done) => {
          setFormOpen(false);
          message.success(done);
          void revalidate();
        }}
      />
    </section>
  );
}

/** 横幅与封面: the home carousel and the sections' cover banners (administrators). */
export default function CmsBanners({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { place, typeId, page } = loaderData;
  return (
    <ContentAdminOnly user={user}>
      {page && <BannerAdmin place={place} typeId={typeId} loaded={page} />}
    </ContentAdminOnly>
  );
}
