import { AppstoreOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Table, Tag, Typography } from 'antd';
import { call } from '../../../api/client';
import type { Read } from '../../../api/page-data';
import { MENU_NAMES, WorkbenchFormModal } from './WorkbenchFormModal';
import type { MenuType, WorkbenchRow } from './site-forms';
import { orderColumns, useOrderedRows, type OrderedRowCalls } from './site-rows';

const WORKBENCH_CALLS: OrderedRowCalls<WorkbenchRow> = {
  move: ({ workbenchId }, direction) => call('cms/workbench/move', { workbenchId, direction }),
  enable: ({ workbenchId }, enabled) => call('cms/workbench/enable', { workbenchId, enabled }),
  remove: ({ workbenchId }) => call('cms/workbench/delete', { workbenchId }),
};

/** The entries of one list (workbench or application centre) in the order the home shows them. */
export function WorkbenchList({
  menuType,
  loaded,
}: {
  menuType: MenuType;
  loaded: Read<WorkbenchRow[]>;
}) {
  const list = useOrderedRows<WorkbenchRow>(WORKBENCH_CALLS, loaded);
  const { rows } = list;
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

  return (
    <>
      <div className="cms-filters">
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => list.edit(null)}>
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
        loading={list.loading}
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
          ...orderColumns(list, (row) => row.workbenchName),
        ]}
      />
      <WorkbenchFormModal
        open={list.editing.open}
        menuType={menuType}
        entry={list.editing.row}
        onClose={list.close}
        onSaved={list.saved}
      />
    </>
  );
}
