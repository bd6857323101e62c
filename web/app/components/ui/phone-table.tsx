import { Grid } from 'antd';
import type { ColumnType, TableProps } from 'antd/es/table';
import { isValidElement, type ReactNode } from 'react';

/**
 * A column of a staff table, as phones show it (issue 18): `keep` columns
 * (name, state, time) stay in the row; the others move into the row's
 * details, opened by the row's 展开 button.
 */
export type PhoneColumn<T> = ColumnType<T> & {
  key: string;
  /** Shown in a phone's row. */
  keep?: boolean;
  /** The column's width on a phone, when it keeps the row (the name column takes the rest). */
  phoneWidth?: number;
  /** The column's name in the details when its title is not plain text (a sort button). */
  label?: string;
};

/** A cell's value as its column renders it, for the details of a phone's row. */
function cellOf<T>(column: ColumnType<T>, row: T, index: number): ReactNode {
  const path = column.dataIndex;
  const value =
    typeof path === 'string' || typeof path === 'number'
      ? (row as Record<string | number, unknown>)[path]
      : undefined;
  if (!column.render) return value as ReactNode;
  const rendered = column.render(value, row, index) as unknown;
  // A render may answer { children, props } (a cell with its attributes): the details want the text.
  if (
    rendered &&
    typeof rendered === 'object' &&
    !isValidElement(rendered) &&
    'children' in rendered
  ) {
    return (rendered as { children: ReactNode }).children;
  }
  return rendered as ReactNode;
}

const plain = <T,>({ keep: _keep, phoneWidth: _width, label: _label, ...column }: PhoneColumn<T>) =>
  column as ColumnType<T>;

/**
 * The one way staff tables fit a phone (below antd's `sm`, 576 px): the kept
 * columns at their phone widths in a fixed layout, so the table never scrolls
 * sideways inside its box, and an expandable row listing the other columns
 * (label: value). From `sm` up the table is as it was, `scrollX` its
 * sideways scroll. Spread `props` into <Table>.
 */
export function usePhoneTable<T extends object>(
  /** The columns, or a function of whether the row is a phone's (a shorter cell there). */
  columnsOf: PhoneColumn<T>[] | ((phone: boolean) => PhoneColumn<T>[]),
  scrollX?: number,
): {
  phone: boolean;
  props: Pick<TableProps<T>, 'columns' | 'scroll' | 'expandable' | 'tableLayout' | 'size'>;
} {
  const screens = Grid.useBreakpoint();
  // Unknown before the first measure (server rendering): the desktop table.
  const phone = screens.sm === false;
  const columns = typeof columnsOf === 'function' ? columnsOf(phone) : columnsOf;
  if (!phone) {
    return {
      phone,
      props: { columns: columns.map(plain), scroll: scrollX ? { x: scrollX } : undefined },
    };
  }
  const hidden = columns.filter((column) => !column.keep);
  return {
    phone,
    props: {
      size: 'small',
      tableLayout: 'fixed',
      columns: columns
        .filter((column) => column.keep)
        .map((column) => ({ ...plain(column), width: column.phoneWidth })),
      expandable: hidden.length
        ? {
            columnWidth: 32,
            expandedRowRender: (row, index) => (
              <dl className="phone-details">
                {hidden.map((column) => (
                  <div key={column.key} className="phone-detail">
                    <dt>
                      {column.label ??
                        (typeof column.title === 'string' ? column.title : column.key)}
                    </dt>
                    <dd>{cellOf(column, row, index)}</dd>
                  </div>
                ))}
              </dl>
            ),
          }
        : undefined,
    },
  };
}
