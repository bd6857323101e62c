import { AppstoreOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Table, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { call } from '../../../api/client';
import { EnabledSwitch, MoveButtons, RowActions } from './SiteControls';
import { MENU_NAMES, WorkbenchFormModal } from './WorkbenchFormModal';
import type { MenuType, WorkbenchRow } from './site-forms';
import { useLoaded, useRunner } from './site-hooks';

const EMPTY: WorkbenchRow[] = [];

/** The entries of one list (workbench or application centre) in the order the home shows them. */
export function WorkbenchList({ menuType }: { menuType: MenuType }) {
  const run = useRunner();
  const [editing, setEditing] = useState<{ open: boolean; row: WorkbenchRow | null }>({
    open: false,
    row: null,
  });
  const load = useCallback(
    () => call<WorkbenchRow[]>('cms/workbench/list', { menuType }),
    [menuType],
  );
  const { data, loading, reload, setData } = useLoaded(load, EMPTY);
  const rows = data ?? [];
  const name = MENU_NAMES[menuType];
  // The home shows the first 8 enabled workbench entries; the rest behind 展开.
  const folded = new Set(
    menuType === 1
      ? rows
          .filter((row) => row.enabled === 1)
          .slice(8)
          .map((row) => row.workbenchId)
      : [],
  );

  const act = async (path: string, body: Record<string, number>, done: string) => {
    if (await run(() => call(`cms/workbench/${path}`, body), done)) reload();
  };
  const move = (row: WorkbenchRow, direction: 'up' | 'down') =>
    run(
      async () => {
        setData(
          await call<WorkbenchRow[]>('cms/workbench/move', {
            workbenchId: row.workbenchId,
            direction,
          }),
        );
      },
      direction === 'up' ? '已上移' : '已下移',
    );

  return (
    <>
      <div className="cms-filters">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ open: true, row: null })}
        >
          新增{name}入口
        </Button>
        <Typography.Text type="secondary">
          {menuType === 1
            ? '教职工首页的工作台，默认显示前 8 个，其余点“展开”查看。'
            : '教职工首页的应用中心。'}
        </Typography.Text>
      </div>
      <Table<WorkbenchRow>
        rowKey="workbenchId"
        loading={loading}
        dataSource={rows}
        pagination={false}
        columns={[
          {
            title: '图标',
            dataIndex: 'illustrationnamePath',
            width: 70,
            render: (url: string, row) =>
              url ? (
                <img src={url} alt={`${row.workbenchName}图标`} width={32} height={32} />
              ) : (
                <AppstoreOutlined style={{ fontSize: 28, color: '#bbb' }} aria-label="默认图标" />
              ),
          },
          {
            title: '名称',
            dataIndex: 'workbenchName',
            width: 160,
            render: (text: string, row) => (
              <>
                {text}
                {folded.has(row.workbenchId) && <Tag style={{ marginLeft: 6 }}>展开后显示</Tag>}
              </>
            ),
          },
          { title: '链接地址', dataIndex: 'workbenchPath', ellipsis: true },
          {
            title: '打开方式',
            dataIndex: 'passthroughstatus',
            width: 190,
            render: (passthrough: number, row) =>
              passthrough === 1 ? (
                <Tag color="blue">
                  单点登录{row.visitType !== null ? ` · visitType ${row.visitType}` : ''}
                </Tag>
              ) : (
                <Typography.Text type="secondary">直接打开</Typography.Text>
              ),
          },
          {
            title: '排序',
            width: 170,
            render: (_, row, index) => (
              <MoveButtons
                name={row.workbenchName}
                first={index === 0}
                last={index === rows.length - 1}
                onMove={(direction) => move(row, direction)}
              />
            ),
          },
          {
            title: '启用',
            dataIndex: 'enabled',
            width: 90,
            render: (enabled: number, row) => (
              <EnabledSwitch
                name={row.workbenchName}
                enabled={enabled}
                onChange={(next) =>
                  act(
                    'enable',
                    { workbenchId: row.workbenchId, enabled: next },
                    next === 1 ? '已启用' : '已停用',
                  )
                }
              />
            ),
          },
          {
            title: '操作',
            width: 130,
            render: (_, row) => (
              <RowActions
                name={row.workbenchName}
                onEdit={() => setEditing({ open: true, row })}
                onDelete={() => act('delete', { workbenchId: row.workbenchId }, '已删除')}
              />
            ),
          },
        ]}
      />
      <WorkbenchFormModal
        open={editing.open}
        menuType={menuType}
        entry={editing.row}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
        onSaved={() => {
          setEditing((e) => ({ ...e, open: false }));
          reload();
        }}
      />
    </>
  );
}
