import { Popconfirm, Switch } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { Payload } from '../../../api/client';

type Act = (path: string, body: Payload, done: string) => Promise<boolean>;

/**
 * The 启用 and 操作 (编辑 / 查看 / 删除) columns of a showcase table: rows
 * of `base` (cms/banner, cms/society) named by `idName` in the calls.
 */
export function rowColumns<Row extends { enabled: number }>({
  base,
  idName,
  act,
  onEdit,
  nameOf,
  pageOf,
  confirmOf,
}: {
  base: string;
  idName: keyof Row & string;
  act: Act;
  onEdit: (row: Row) => void;
  /** What the switch's accessible name says after 启用. */
  nameOf: (row: Row) => string;
  /** The public page 查看 opens. */
  pageOf: (row: Row) => string;
  /** The delete confirmation's question. */
  confirmOf: (row: Row) => string;
}): Array<ColumnType<Row>> {
  const id = (row: Row) => row[idName] as number;
  return [
    {
      title: '启用',
      width: 90,
      render: (_, row) => (
        <Switch
          aria-label={`启用 ${nameOf(row)}`}
          checked={row.enabled === 1}
          checkedChildren="启用"
          unCheckedChildren="停用"
          onChange={(checked) =>
            void act(
              `${base}/enable`,
              { [idName]: id(row), enabled: checked ? 1 : 0 },
              checked ? '已启用' : '已停用',
            )
          }
        />
      ),
    },
    {
      title: '操作',
      width: 160,
      render: (_, row) => (
        <div className="cms-actions">
          <button type="button" className="link-button" onClick={() => onEdit(row)}>
            编辑
          </button>
          <a className="link-button" href={pageOf(row)} target="_blank" rel="noreferrer">
            查看
          </a>
          <Popconfirm
            title="删除"
            description={confirmOf(row)}
            okText="确定"
            cancelText="取消"
            onConfirm={() => act(`${base}/delete`, { [idName]: id(row) }, '已删除')}
          >
            <button type="button" className="link-button">
              删除
            </button>
          </Popconfirm>
        </div>
      ),
    },
  ];
}
