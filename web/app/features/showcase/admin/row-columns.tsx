import { Popconfirm, Switch } from 'antd';
import type { ColumnType } from 'antd/es/table';

/**
 * The 启用 and 操作 (编辑 / 查看 / 删除) columns of a showcase table;
 * `enable` and `remove` make the row's calls with the message given.
 */
export function rowColumns<Row extends { enabled: number }>({
  enable,
  remove,
  onEdit,
  nameOf,
  pageOf,
  confirmOf,
}: {
  enable: (row: Row, enabled: 0 | 1, done: string) => Promise<boolean>;
  remove: (row: Row, done: string) => Promise<boolean>;
  onEdit: (row: Row) => void;
  /** What the switch's accessible name says after 启用. */
  nameOf: (row: Row) => string;
  /** The public page 查看 opens. */
  pageOf: (row: Row) => string;
  /** The delete confirmation's question. */
  confirmOf: (row: Row) => string;
}): Array<ColumnType<Row>> {
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
          onChange={(checked) => void enable(row, checked ? 1 : 0, checked ? '已启用' : '已停用')}
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
            onConfirm={() => remove(row, '已删除')}
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
