import {
  CaretDownOutlined,
  DownloadOutlined,
  ShareAltOutlined,
  CaretUpOutlined,
  CustomerServiceOutlined,
  FileImageOutlined,
  FileTextOutlined,
  FileZipOutlined,
  FolderFilled,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { Button, Table, Tag } from 'antd';
import { useState, type Key, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ContentHit } from '../../components/ui/ContentHit';
import { Pager } from '../../components/ui/Pager';
import { usePhoneTable, type PhoneColumn } from '../../components/ui/phone-table';
import type { DriveRow } from './drive-api';
import {
  formatDay,
  formatSize,
  iconOf,
  shortDay,
  type DriveIcon,
  type DriveSort,
  type SortField,
} from './drive-data';

/** A sort shown as none chosen yet (a ranking list keeps its own order). */
type ShownSort = DriveSort & { unset?: boolean };

export const DRIVE_PAGE_SIZE = 10;

export const ICONS: Record<DriveIcon, ReactNode> = {
  folder: <FolderFilled aria-hidden className="drive-icon drive-icon-folder" />,
  document: <FileTextOutlined aria-hidden className="drive-icon drive-icon-document" />,
  picture: <FileImageOutlined aria-hidden className="drive-icon drive-icon-picture" />,
  audio: <CustomerServiceOutlined aria-hidden className="drive-icon drive-icon-audio" />,
  video: <VideoCameraOutlined aria-hidden className="drive-icon drive-icon-video" />,
  archive: <FileZipOutlined aria-hidden className="drive-icon drive-icon-archive" />,
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
  onDownloadFolder,
  onShareFolder,
}: {
  row: DriveRow;
  folderHref?: (row: DriveRow) => string;
  /** 下载 of a folder row: the folder as one zip. */
  onDownloadFolder?: (row: DriveRow) => void;
  /** 分享 of a folder row: a link to the folder. */
  onShareFolder?: (row: DriveRow) => void;
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
    const name = folderHref ? (
      <Link className="drive-name" to={folderHref(row)}>
        {label}
      </Link>
    ) : (
      <span className="drive-name">{label}</span>
    );
    if (!onDownloadFolder && !onShareFolder) return name;
    const folderName = row.fname ?? row.resourcesName;
    return (
      <span className="drive-folder-cell">
        {name}
        {onDownloadFolder && (
          <Button
            type="link"
            size="small"
            className="drive-folder-download"
            icon={<DownloadOutlined aria-hidden />}
            aria-label={`下载文件夹 ${folderName}`}
            title="打包下载该文件夹"
            onClick={() => onDownloadFolder(row)}
          >
            下载
          </Button>
        )}
        {onShareFolder && (
          <Button
            type="link"
            size="small"
            className="drive-folder-download"
            icon={<ShareAltOutlined aria-hidden />}
            aria-label={`分享文件夹 ${folderName}`}
            title="分享该文件夹"
            onClick={() => onShareFolder(row)}
          >
            分享
          </Button>
        )}
      </span>
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
        <CaretUpOutlined aria-hidden className={active && sort.order === 0 ? 'on' : ''} />
        <CaretDownOutlined aria-hidden className={active && sort.order === 1 ? 'on' : ''} />
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
  /** The checked rows' keys (rowKeyOf), when the page offers actions on them. */
  selected?: string[];
  onSelect?: (keys: string[]) => void;
  folderHref?: (row: DriveRow) => string;
  /** 下载 on each folder row. */
  onDownloadFolder?: (row: DriveRow) => void;
  /** 分享 on each folder row. */
  onShareFolder?: (row: DriveRow) => void;
  /** Hide 上传者 (my disk). */
  withoutUploader?: boolean;
  /** Extra columns after the six (my lists); `keep` ones stay in a phone's row. */
  extraColumns?: PhoneColumn<DriveRow>[];
  /** A search's words: a file found by its text shows where, with them marked. */
  keyword?: string;
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
  folderHref,
  onDownloadFolder,
  onShareFolder,
  withoutUploader,
  extraColumns = [],
  keyword = '',
}: Props) {
  // On a phone: the name, size and date stay in the row; the rest go into its details.
  const columnsFor = (phone: boolean): PhoneColumn<DriveRow>[] => [
    {
      title: '文件名称',
      key: 'name',
      keep: true,
      render: (_, row) => (
        <>
          <DriveName
            row={row}
            folderHref={folderHref}
            onDownloadFolder={onDownloadFolder}
            onShareFolder={onShareFolder}
          />
          <ContentHit snippet={row.contentSnippet} place={row.contentPlace} keyword={keyword} />
        </>
      ),
    },
    {
      title: <SortTitle label="大小" field="resourcesSize" sort={sort} onSort={onSort} />,
      label: '大小',
      key: 'size',
      width: 100,
      keep: true,
      phoneWidth: 64,
      render: (_, row) => formatSize(row.resourcesSize, isFolderRow(row)),
    },
    ...(withoutUploader
      ? []
      : [
          {
            title: <SortTitle label="上传者" field="userName" sort={sort} onSort={onSort} />,
            label: '上传者',
            key: 'userName',
            width: 100,
            render: (_: unknown, row: DriveRow) => row.userName ?? '—',
          },
        ]),
    {
      title: <SortTitle label="下载次数" field="downloadNum" sort={sort} onSort={onSort} />,
      label: '下载次数',
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
      label: '更新时间',
      key: 'statusDate',
      width: 120,
      keep: true,
      // The header's sort button (更新时间 and its arrows) needs 86 px.
      phoneWidth: 86,
      render: (_, row) =>
        phone ? (
          <time dateTime={formatDay(row.statusDate)}>
            {shortDay(row.statusDate, new Date().getFullYear())}
          </time>
        ) : (
          formatDay(row.statusDate)
        ),
    },
    ...extraColumns,
  ];
  // The six columns need 760 px; extra columns widen it, so 文件名称 keeps its room.
  const table = usePhoneTable(
    columnsFor,
    extraColumns.reduce((sum, column) => sum + (Number(column.width) || 120), 760),
  );

  return (
    <>
      <Table<DriveRow>
        className="drive-table"
        rowKey={rowKeyOf}
        size="middle"
        loading={loading}
        dataSource={rows}
        locale={{ emptyText: '暂无资源' }}
        pagination={false}
        {...table.props}
        rowSelection={
          onSelect
            ? {
                columnWidth: table.phone ? 32 : 40,
                selectedRowKeys: selected ?? [],
                onChange: (keys: Key[]) => onSelect(keys.map(String)),
                getCheckboxProps: (row) => ({
                  'aria-label': `选择 ${row.fname ?? row.resourcesName}`,
                }),
                getTitleCheckboxProps: () => ({ 'aria-label': '全选本页' }),
              }
            : undefined
        }
      />
      <Pager total={total} pageNum={pageNum} pageSize={DRIVE_PAGE_SIZE} keepScroll />
    </>
  );
}

/**
 * The checked rows of a list (issue 18: several files and folders at once,
 * where intranet.md §4 had a single radio): forgotten when the list no longer
 * shows them (another page, filter or folder). `rows` are the shown rows
 * checked, in the list's order.
 */
export function useChecked(rows: DriveRow[]) {
  const [keys, setKeys] = useState<string[]>([]);
  const checked = rows.filter((row) => keys.includes(rowKeyOf(row)));
  return {
    rows: checked,
    keys: checked.map(rowKeyOf),
    set: setKeys,
    clear: () => setKeys([]),
  };
}

export type Checked = ReturnType<typeof useChecked>;
