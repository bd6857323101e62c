import { Form, Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useAction, useLoadFailure, usePageLoading, type Read } from '../../../api/page-data';
import { EnabledSwitch, MoveButtons, RowActions } from './SiteControls';
import { useMoved } from './site-hooks';

/** The calls of one kind of ordered row, each a call of the contract. */
export interface OrderedRowCalls<Row> {
  /** Answers the rows in their new order. */
  move: (row: Row, direction: 'up' | 'down') => Promise<Row[]>;
  enable: (row: Row, enabled: 0 | 1) => Promise<unknown>;
  remove: (row: Row) => Promise<unknown>;
}

/**
 * An ordered list of settings rows (workbench entries, dictionary values),
 * as the route's clientLoader read it, with move, enable, delete (`calls`)
 * and the form's open/closed state.
 */
export function useOrderedRows<Row>(calls: OrderedRowCalls<Row>, loaded: Read<Row[]>) {
  const run = useAction();
  const [editing, setEditing] = useState<{ open: boolean; row: Row | null }>({
    open: false,
    row: null,
  });
  useLoadFailure(loaded);
  const loading = usePageLoading();
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  const [rows, setRows] = useMoved(loaded.data);

  const act = async (work: () => Promise<unknown>, done: string) => {
    if (await run(work, done)) reload();
  };
  const close = () => setEditing((e) => ({ ...e, open: false }));
  return {
    rows,
    loading,
    editing,
    edit: (row: Row | null) => setEditing({ open: true, row }),
    close,
    saved: () => {
      close();
      reload();
    },
    move: (row: Row, direction: 'up' | 'down') =>
      run(
        async () => {
          setRows(await calls.move(row, direction));
        },
        direction === 'up' ? '已上移' : '已下移',
      ),
    enable: (row: Row, next: 0 | 1) =>
      act(() => calls.enable(row, next), next === 1 ? '已启用' : '已停用'),
    remove: (row: Row) => act(() => calls.remove(row), '已删除'),
  };
}

type OrderedRows<Row> = ReturnType<typeof useOrderedRows<Row>>;

/** The 排序, 启用 and 操作 columns of an ordered list; `nameOf` names a row for screen readers. */
export function orderColumns<Row extends { enabled: number }>(
  list: OrderedRows<Row>,
  nameOf: (row: Row) => string,
): ColumnsType<Row> {
  return [
    {
      title: '排序',
      width: 170,
      render: (_, row, index) => (
        <MoveButtons
          name={nameOf(row)}
          first={index === 0}
          last={index === list.rows.length - 1}
          onMove={(direction) => list.move(row, direction)}
        />
      ),
    },
    {
      title: '启用',
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: number, row) => (
        <EnabledSwitch
          name={nameOf(row)}
          enabled={enabled}
          onChange={(next) => list.enable(row, next)}
        />
      ),
    },
    {
      title: '操作',
      width: 130,
      render: (_, row) => (
        <RowActions
          name={nameOf(row)}
          onEdit={() => list.edit(row)}
          onDelete={() => list.remove(row)}
        />
      ),
    },
  ];
}

/** The 启用 switch of a settings form. */
export function EnabledField() {
  return (
    <Form.Item name="enabled" label="启用" valuePropName="checked">
      <Switch aria-label="启用" checkedChildren="启用" unCheckedChildren="停用" />
    </Form.Item>
  );
}
