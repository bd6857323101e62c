import {
  CaretDownOutlined,
  CaretUpOutlined,
  CustomerServiceOutlined,
  FileImageOutlined,
  FileTextOutlined,
  FileZipOutlined,
  FolderFilled,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { Radio, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Pager } from '../../components/ui/Pager';
import type { DriveRow } from './drive-api';
import {
  formatDay,
  formatSize,
  iconOf,
  type DriveIcon,
  type DriveSort,
  type SortField,
} from './drive-data';

/** A sort shown as none chosen yet (a ranking list keeps its own order). */
type ShownSort = DriveSort & { unset?: boolean };

export const DRIVE_PAGE_SIZE = 10;

const ICONS: Record<DriveIcon, ReactNode> = {
  folder: <FolderFilled className="drive-icon drive-icon-folder" />,
  document: <FileTextOutlined className="drive-icon drive-icon-document" />,
  picture: <FileImageOutlined className="drive-icon drive-icon-picture" />,
  audio: <CustomerServiceOutlined className="drive-icon drive-icon-audio" />,
  video: <VideoCameraOutlined className="drive-icon drive-icon-video" />,
  archive: <FileZipOutlined className="drive-icon drive-icon-archive" />,
};

export const isFolderRow = (row: DriveRow) => row.stype === 0 || row.resourcesFileType === '-1';
export const rowKeyOf = (row: DriveRow) =>
  isFolderRow(row) ? `f${row.fid}` : `r${row.resourcesId}`;
export const detailHref = (resourcesId: number | null) =>
  `/folderDetail?resourcesId=${resourcesId}`;

/** A file's name as a link to its detail in a new tab; a folder's to `folderHref`. */
export function DriveName({
  row,
  folderHref,
}: {
  row: DriveRow;
  folderHref?: (row: DriveRow) => string;
}) {
  const folder = isFolderRow(row);
  const label = (
    <>
      {ICONS[iconOf(row.resourcesFileType)]}
      <span className="drive-name-text">
        {folder ? (row.fname ?? row.resourcesName) : row.resourcesName}
      </span>
      {row.isTop === '1' && (
        <Tag color="red" className="drive-top">
          顶
        </Tag>
      )}
    </>
  );
  if (folder) {
    return folderHref ? (
      <Link className="drive-name" to={folderHref(row)}>
        {label}
      </Link>
    ) : (
      <span className="drive-name">{label}</span>
    );
  }
  return (
    <a className="drive-name" href={detailHref(row.resourcesId)} target="_blank" rel="noopener">
      {label}
    </a>
  );
}

function SortTitle({
  label,
  field,
  sort,
  onSort,
}: {
  label: string;
  field: SortField;
  sort?: ShownSort;
  onSort?: (field: SortField) => void;
}) {
  if (!sort || !onSort) return <>{label}</>;
  const active = sort.field === field && !sort.unset;
  const order = active ? (sort.order === 1 ? '降序' : '升序') : '';
  return (
    <button
      type="button"
      className={`drive-sort${active ? ' is-active' : ''}`}
      aria-label={`按${label}排序${order ? `（当前${order}）` : ''}`}
      onClick={() => onSort(field)}
    >
      {label}
      <span className="drive-sort-arrows" aria-hidden>
        <CaretUpOutlined className={active && sort.order === 0 ? 'on' : ''} />
        <CaretDownOutlined className={active && sort.order === 1 ? 'on' : ''} />
      </span>
    </button>
  );
}

interface Props {
  rows: DriveRow[];
  total: number;
  pageNum: number;
  loading?: boolean;
  sort?: ShownSort;
  onSort?: (field: SortField) => void;
  /** The picked row (a single radio that can be unticked), when the page offers actions. */
  selected?: string | null;
  onSelect?: (row: DriveRow | null) => void;
  /** Whether a folder row may be picked (staffType 5 in the library). */
  folderSelectable?: boolean;
  folderHref?: (row: DriveRow) => string;
  /** Hide 上传者 (my disk). */
  withoutUploader?: boolean;
  /** Extra columns after the six (my lists). */
  extraColumns?: ColumnsType<DriveRow>;
}

/**
 * The drive's table (intranet.md §2): 文件名称, 大小, 上传者, 下载次数, 分享次数,
 * 更新时间 with the sort toggles, 10 a page with prev, pager, next and jump.
 */
export function DriveTable({
  rows,
  total,
  pageNum,
  loading,
  sort,
  onSort,
  selected,
  onSelect,
  folderSelectable,
  folderHref,
  withoutUploader,
  extraColumns = [],
}: Props) {
  const columns: ColumnsType<DriveRow> = [
    {
      title: '文件名称',
      key: 'name',
      render: (_, row) => <DriveName row={row} folderHref={folderHref} />,
    },
    {
      title: <SortTitle label="大小" field="resourcesSize" sort={sort} onSort={onSort} />,
      key: 'size',
      width: 100,
      render: (_, row) => formatSize(row.resourcesSize, isFolderRow(row)),
    },
    ...(withoutUploader
      ? []
      : [
          {
            title: <SortTitle label="上传者" field="userName" sort={sort} onSort={onSort} />,
            key: 'userName',
            width: 100,
            render: (_: unknown, row: DriveRow) => row.userName ?? '—',
          },
        ]),
    {
      title: <SortTitle label="下载次数" field="downloadNum" sort={sort} onSort={onSort} />,
      key: 'downloadNum',
      width: 110,
      render: (_, row) => (isFolderRow(row) ? '—' : row.downloadNum),
    },
    {
      title: '分享次数',
      key: 'shareNum',
      width: 90,
      render: (_, row) => (isFolderRow(row) ? '—' : row.shareNum),
    },
    {
      title: <SortTitle label="更新时间" field="statusDate" sort={sort} onSort={onSort} />,
      key: 'statusDate',
      width: 120,
      render: (_, row) => formatDay(row.statusDate),
    },
    ...extraColumns,
  ];

  return (
    <>
      <Table<DriveRow>
        className="drive-table"
        rowKey={rowKeyOf}
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: '暂无资源' }}
        // The six columns need 760 px; extra columns widen it, so 文件名称 keeps its room.
        scroll={{
          x: extraColumns.reduce((sum, column) => sum + (Number(column.width) || 120), 760),
        }}
        pagination={false}
        rowSelection={
          onSelect
            ? {
                type: 'radio',
                columnWidth: 40,
                selectedRowKeys: selected ? [selected] : [],
                getCheckboxProps: (row) => ({
                  disabled: isFolderRow(row) && !folderSelectable,
                }),
                renderCell: (checked, row) => (
                  <Radio
                    checked={checked}
                    disabled={isFolderRow(row) && !folderSelectable}
                    aria-label={`选择 ${row.fname ?? row.resourcesName}`}
                    onClick={() => onSelect(checked ? null : row)}
                  />
                ),
              }
            : undefined
        }
      />
      <Pager total={total} pageNum={pageNum} pageSize={DRIVE_PAGE_SIZE} keepScroll />
    </>
  );
}

/**
 * The picked row of a list (intranet.md §4 "Drive selection"): forgotten
 * when the list no longer shows it (another page, filter or folder).
 */
export function usePicked(rows: DriveRow[]) {
  const [picked, setPicked] = useState<DriveRow | null>(null);
  const shown = picked ? rows.find((row) => rowKeyOf(row) === rowKeyOf(picked)) : undefined;
  return [shown ?? null, setPicked] as const;
}
