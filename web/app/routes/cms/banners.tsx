import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Select, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { BannerForm, type BannerRow } from '../../features/showcase/admin/BannerForm';
import { BannerTable } from '../../features/showcase/admin/BannerTable';
import { ContentAdminOnly } from '../../layouts/cms/ContentAdminOnly';
import {
  BANNER_PLACES,
  COVER_TYPES,
  type BannerPlace,
} from '../../features/showcase/admin/showcase-links';
import { useCmsList } from '../../api/use-cms-list';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '横幅与封面 - 内容管理平台' }];

/** Banners are few: one call reads them all, the table pages them. */
const ALL = 100;

function BannerAdmin() {
  const { message } = App.useApp();
  const [place, setPlace] = useState<BannerPlace>('home');
  const [typeId, setTypeId] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<BannerRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const cover = place === 'cover';
  const { page, loading, reload, act } = useCmsList<BannerRow>('cms/banner/list', {
    place,
    typeId: cover ? typeId : undefined,
    pageSize: ALL,
  });

  const openForm = (row: BannerRow | null) => {
    setEditing(row);
    setFormOpen(true);
  };

  return (
    <section className="cms-panel" aria-label="横幅与封面">
      <h1>横幅与封面</h1>
      <Tabs
        activeKey={place}
        onChange={(key) => setPlace(key as BannerPlace)}
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
            onChange={(value?: number) => setTypeId(value)}
            options={COVER_TYPES.map((c) => ({ value: c.typeId, label: c.label }))}
          />
        )}
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
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
          reload();
        }}
      />
    </section>
  );
}

/** 横幅与封面: the home carousel and the sections' cover banners (administrators). */
export default function CmsBanners() {
  const { user } = useOutletContext<{ user: StoredUser }>();
  return (
    <ContentAdminOnly user={user}>
      <BannerAdmin />
    </ContentAdminOnly>
  );
}
