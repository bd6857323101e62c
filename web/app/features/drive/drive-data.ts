import { DRIVE_FILE_EXTENSIONS } from '@school/common';
import { formatBytes } from '../../lib/size';

/** Pure rules of the drive's pages (intranet.md §4, §5, §9), tested beside. */

/** A file's size as people read it (lib/size.ts: 18 KB, 2.4 MB, issue 18); folders show —. */
export function formatSize(bytes: number, isFolder = false): string {
  return isFolder ? '—' : formatBytes(bytes);
}

/** intranet.md §9: year-month-day of a stored date-time. */
export const formatDay = (value: string | null | undefined) => (value ?? '').slice(0, 10);

/** A day as a phone's row shows it: 11-26 within `year`, else the whole date. */
export const shortDay = (value: string | null | undefined, year: number) => {
  const day = formatDay(value);
  return day.startsWith(`${year}-`) ? day.slice(5) : day;
};

export type DriveIcon = 'folder' | 'document' | 'picture' | 'audio' | 'video' | 'archive';

/** The list icon of a resourcesFileType: 2/3/8 documents, 4 pictures, 5 audio, 6/7 video, 9 archives, -1 a folder. */
export function iconOf(fileType: string | null | undefined): DriveIcon {
  switch (fileType) {
    case '-1':
      return 'folder';
    case '4':
      return 'picture';
    case '5':
      return 'audio';
    case '6':
    case '7':
      return 'video';
    case '9':
      return 'archive';
    default:
      return 'document';
  }
}

export const SORT_FIELDS = ['resourcesSize', 'userName', 'downloadNum', 'statusDate'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
/** One active sort: 1 descending, 0 ascending. */
export interface DriveSort {
  field: SortField;
  order: 0 | 1;
}

export const DEFAULT_SORT: DriveSort = { field: 'statusDate', order: 1 };

/** The sort kept in the address (`sort=downloadNum.0`), or the default statusDate 1. */
export function sortOf(value: string | null): DriveSort {
  const [field, order] = (value ?? '').split('.');
  if (SORT_FIELDS.includes(field as SortField) && (order === '0' || order === '1')) {
    return { field: field as SortField, order: Number(order) as 0 | 1 };
  }
  return DEFAULT_SORT;
}

export const sortText = (sort: DriveSort) => `${sort.field}.${sort.order}`;

/** Clicking a column: the active one flips, another one starts descending (only one active). */
export function toggleSort(current: DriveSort, field: SortField): DriveSort {
  if (current.field === field) return { field, order: current.order === 1 ? 0 : 1 };
  return { field, order: 1 };
}

/** The call's sort parameter: only the active one is sent. */
export const sortParams = (sort: DriveSort): Partial<Record<SortField, 0 | 1>> => ({
  [sort.field]: sort.order,
});

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

const ALLOWED = new Set<string>(DRIVE_FILE_EXTENSIONS);

/** intranet.md §5: the allowed extensions (the spec's list, and OpenDocument: issue 19). */
export const isAllowedFile = (name: string) => ALLOWED.has(extensionOf(name));

export const DRIVE_ACCEPT = DRIVE_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/**
 * 是否公开 is a choice of the library only: a file on 我的网盘 is its owner's
 * alone whatever the field holds, and reaches others by a share link.
 */
export const DISK_PRIVATE_NOTE =
  '我的网盘中的文件只有自己可以查看；要给同事或家长看，请使用「分享」。';

/** intranet.md §3 resourcesIsOpen: who may see a file in the library. */
export const OPENNESS_OPTIONS = [
  { value: '2', label: '教师和学生' },
  { value: '0', label: '仅教师' },
  { value: '3', label: '仅学生' },
  { value: '1', label: '不公开' },
];

/** intranet.md §3 resourcesIsComment: '0' commentable, '1' not. */
export const COMMENT_OPTIONS = [
  { value: '0', label: '可以评论' },
  { value: '1', label: '不可评论' },
];

/** intranet.md §9: a new upload starts open to teachers and students ('2'), not commentable ('1'). */
export const UPLOAD_DEFAULTS = { resourcesIsOpen: '2', resourcesIsComment: '1' } as const;

/** A file's name without its extension (resourcesName), the whole name is resourcesFname. */
export const baseName = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
};

/** The address a share link opens: the site's own origin and the server's path. */
export const shareAddress = (origin: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;

/** The preview a browser can show of a file, by its MIME type and name. */
export type PreviewKind = 'image' | 'pdf' | 'office' | 'video' | 'audio' | 'text' | null;

/** Office documents the server converts to PDF pages (issue 19). */
const OFFICE = new Set(['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf']);

export function previewOf(mimeType: string, name: string): PreviewKind {
  const ext = extensionOf(name);
  if (OFFICE.has(ext)) return 'office';
  if (mimeType.startsWith('image/') && ext !== 'psd' && ext !== 'tiff') return 'image';
  if (mimeType === 'application/pdf' || ext === 'pdf') return 'pdf';
  if (mimeType.startsWith('video/') && ['mp4', 'webm', 'mov'].includes(ext)) return 'video';
  if (mimeType.startsWith('audio/') || ['mp3', 'wav', 'ogg', 'm4a', 'aac'].includes(ext))
    return 'audio';
  if (mimeType.startsWith('text/') || ext === 'txt' || ext === 'md') return 'text';
  return null;
}

/** A folder path of the detail: ids and names, each a slash list, zipped into steps. */
export function folderSteps(path: string): Array<{ fid: number; fname: string }> {
  // "3/7,语文/初一": ids, a comma, names (ids hold no comma; a name may).
  const comma = path.indexOf(',');
  const ids = comma < 0 ? '' : path.slice(0, comma);
  const names = comma < 0 ? '' : path.slice(comma + 1);
  const idList = ids.split('/').filter(Boolean);
  const nameList = names.split('/').filter(Boolean);
  return idList
    .map((id, i) => ({ fid: Number(id), fname: nameList[i] ?? '' }))
    .filter((step) => Number.isInteger(step.fid) && step.fname);
}
