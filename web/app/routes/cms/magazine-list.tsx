import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Result, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useOutletContext } from 'react-router';
import { ApiError, call } from '../../api/client';
import { MagazineFormModal } from '../../features/magazine/admin/MagazineFormModal';
import { MagazineTable } from '../../features/magazine/admin/MagazineTable';
import { MAGAZINE_SERIES, type CmsMagazineRow } from '../../features/magazine/admin/magazine-form';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '校刊管理 - 内容管理平台' }];

const PAGE_SIZE = 10;
const errorText = (err: unknown) =>
  err instanceof ApiError ? err.message : '网络异常，请稍后再试';

/**
 * 校刊管理 (administrators): the issues of each series, newest first; add or
 * edit one in a dialog with its cover and PDF, show or hide it on the
 * portal, delete it, preview it in the portal's viewer.
 */
export default function CmsMagazineList() {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { message } = App.useApp();
  const [typeId, setTypeId] = useState<number>(MAGAZINE_SERIES[0].typeId);
  const [pageNum, setPageNum] = useState(1);
  /** The last page read, with the request it answers: loading until it matches the current one. */
  const [loaded, setLoaded] = useState<{
    key: string;
    page: { total: number; list: CmsMagazineRow[] };
  } | null>(null);
  /** undefined: dialog closed; null: adding; a row: editing it. */
  const [editing, setEditing] = useState<CmsMagazineRow | null | undefined>(undefined);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const admin = user.isPower === 1;

  const key = JSON.stringify([typeId, pageNum, version]);
  useEffect(() => {
    if (!admin) return;
    let cancelled = false;
    call<{ total: number; list: CmsMagazineRow[] }>('cms/magazine/list', {
      typeId,
      pageNum,
      pageSize: PAGE_SIZE,
    })
      .then((result) => {
        if (cancelled) return;
        if (result.list.length === 0 && pageNum > 1) setPageNum(pageNum - 1);
        else setLoaded({ key, page: result });
      })
      .catch((err) => {
        if (cancelled) return;
        message.error(errorText(err));
        setLoaded({ key, page: { total: 0, list: [] } });
      });
    return () => {
      cancelled = true;
    };
  }, [admin, key, typeId, pageNum, message]);

  if (!admin) {
    return <Result status="403" title="无权访问" subTitle="只有管理员可以进行此操作" />;
  }

  const act = async (path: string, body: Record<string, number>, done: string) => {
    try {
      await call(`cms/magazine/${path}`, body);
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
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          新增
        </Button>
      </div>
      <Tabs
        activeKey={String(typeId)}
        onChange={(tab) => {
          setTypeId(Number(tab));
          setPageNum(1);
        }}
        items={MAGAZINE_SERIES.map((s) => ({ key: String(s.typeId), label: s.typeName }))}
      />
      <MagazineTable
        page={loaded?.page ?? { total: 0, list: [] }}
        loading={loaded?.key !== key}
        pageNum={pageNum}
        pageSize={PAGE_SIZE}
        onPage={setPageNum}
        onEdit={setEditing}
        onEnable={(row, enabled) =>
          act(
            'enable',
            { magazineId: row.magazineId, enabled: enabled ? 1 : 0 },
            enabled ? '已启用，门户中可以看到这一期' : '已停用，门户中不再显示这一期',
          )
        }
        onDelete={(row) => act('delete', { magazineId: row.magazineId }, '删除成功')}
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
