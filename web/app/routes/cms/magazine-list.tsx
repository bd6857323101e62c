import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Result, Tabs } from 'antd';
import { useState } from 'react';
import { redirect, useOutletContext, useRevalidator } from 'react-router';
import type { Route } from './+types/magazine-list';
import { isContentAdmin } from '@school/common';
import { call } from '../../api/client';
import {
  errorText,
  intSearch,
  read,
  useLoadFailure,
  usePageLoading,
  useSearchState,
} from '../../api/page-data';
import { MagazineFormModal } from '../../features/magazine/admin/MagazineFormModal';
import { MagazineTable } from '../../features/magazine/admin/MagazineTable';
import { MAGAZINE_SERIES, type CmsMagazineRow } from '../../features/magazine/admin/magazine-form';
import { requireUser, type StoredUser } from '../../lib/session';

export const meta = () => [{ title: '校刊管理 - 内容管理平台' }];

const PAGE_SIZE = 10;

/** The series (?typeId=) and page are in the address; only administrators read the list. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  const url = new URL(request.url);
  const asked = intSearch(url.searchParams, 'typeId');
  const typeId = MAGAZINE_SERIES.some((s) => s.typeId === asked)
    ? asked!
    : MAGAZINE_SERIES[0].typeId;
  const pageNum = intSearch(url.searchParams, 'pageNum') ?? 1;
  if (!isContentAdmin(user)) return { typeId, pageNum, page: null };
  const page = await read(
    'cms/magazine/list',
    { typeId, pageNum, pageSize: PAGE_SIZE },
    { total: 0, list: [] },
  );
  // The last row of a page was deleted: show the page before.
  if (page.data.list.length === 0 && pageNum > 1) {
    url.searchParams.set('pageNum', String(pageNum - 1));
    throw redirect(url.pathname + url.search);
  }
  return { typeId, pageNum, page };
}

/**
 * 校刊管理 (administrators): the issues of each series, newest first; add or
 * edit one in a dialog with its cover and PDF, show or hide it on the
 * portal, delete it, preview it in the portal's viewer.
 */
export default function CmsMagazineList({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { message } = App.useApp();
  const { typeId, pageNum, page } = loaderData;
  useLoadFailure(page);
  const { change, setPage } = useSearchState();
  const loading = usePageLoading();
  /** undefined: dialog closed; null: adding; a row: editing it. */
  const [editing, setEditing] = useState<CmsMagazineRow | null | undefined>(undefined);
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  const admin = isContentAdmin(user);

  if (!admin) {
    return <Result status="403" title="无权访问" subTitle="只有管理员可以进行此操作" />;
  }

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      message.success(done);
    } catch (err) {
      message.error(errorText(err));
    }
    reload();
  };

  return (
    <section className="cms-panel" aria-label="校刊管理">
      <div className="cms-panel-head">
        <h1>校刊管理</h1>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing(null)}>
          新增
        </Button>
      </div>
      <Tabs
        activeKey={String(typeId)}
        onChange={(tab) => change({ typeId: Number(tab) })}
        items={MAGAZINE_SERIES.map((s) => ({ key: String(s.typeId), label: s.typeName }))}
      />
      <MagazineTable
        page={page?.data ?? { total: 0, list: [] }}
        loading={loading}
        pageNum={pageNum}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        onEdit={setEditing}
        onEnable={(row, enabled) =>
          act(
            () =>
              call('cms/magazine/enable', { magazineId: row.magazineId, enabled: enabled ? 1 : 0 }),
            enabled ? '已启用，门户中可以看到这一期' : '已停用，门户中不再显示这一期',
          )
        }
        onDelete={(row) =>
          act(() => call('cms/magazine/delete', { magazineId: row.magazineId }), '删除成功')
        }
      />
      <MagazineFormModal
        row={editing}
        typeId={typeId}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          reload();
        }}
      />
    </section>
  );
}
