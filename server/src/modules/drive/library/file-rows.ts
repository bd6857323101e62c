import { type DriveRow } from '@school/common/api';
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { fileUrl } from '../../../platform/files/service.js';
import { displayTime } from '../../../time.js';
import { facetQueryOf, type FacetQuery } from './facet-filter.js';

/**
 * A drive list's query as the pages send it, and a file's row as every list
 * answers it (DriveRow): the columns read and how a row is written.
 */

/** The filters and the one active sort of a drive list (intranet.md §2, §4 "Sorting"). */
export interface ListQuery {
  keyword?: string;
  resourcesType?: string;
  fileType?: string;
  /** Which column sorts, 1 descending / 0 ascending; update time descending when none. */
  sort?: { by: 'userName' | 'size' | 'downloads' | 'updated'; descending: boolean };
  /** Teaching facets of the library (facet-filter.ts). */
  facets?: FacetQuery;
}

export type ResourceQuery = SelectQueryBuilder<
  Database,
  'driveResource' | 'staff',
  Record<string, never>
>;

export const FILE_COLUMNS = [
  'driveResource.id',
  'driveResource.folderId',
  'driveResource.fileId',
  'driveResource.name',
  'driveResource.fileName',
  'driveResource.size',
  'driveResource.resourcesType',
  'driveResource.fileType',
  'driveResource.isOpen',
  'driveResource.isComment',
  'driveResource.description',
  'driveResource.isTop',
  'driveResource.downloadNum',
  'driveResource.shareNum',
  'driveResource.likeNum',
  'driveResource.favoriteNum',
  'driveResource.statusDate',
  'driveResource.createdAt',
  'driveResource.uploaderId',
  'staff.name as uploaderName',
  'driveResource.stageId',
  'driveResource.gradeId',
  'driveResource.subjectId',
  'driveResource.editionId',
  'driveResource.chapter',
] as const;

/** The selected columns of a resource row, as a list shows it. */
export interface FileRowData {
  id: number;
  folderId: number | null;
  fileId: number;
  name: string;
  fileName: string;
  size: number | string;
  resourcesType: string;
  fileType: string;
  isOpen: string;
  isComment: string;
  description: string;
  isTop: number;
  downloadNum: number;
  shareNum: number;
  likeNum: number;
  favoriteNum: number;
  statusDate: string;
  createdAt: string;
  uploaderId: number;
  uploaderName: string;
  stageId: number | null;
  gradeId: number | null;
  subjectId: number | null;
  editionId: number | null;
  chapter: string | null;
}

export function fileRow(row: FileRowData): DriveRow {
  return {
    stype: 1,
    fid: row.folderId,
    fname: null,
    fsuperId: null,
    fnum: null,
    isTop: String(row.isTop),
    resourcesId: row.id,
    resourcesName: row.name,
    resourcesFname: row.fileName,
    resourcesPath: fileUrl(row.fileId),
    resourcesSize: Number(row.size),
    resourcesType: row.resourcesType,
    resourcesFileType: row.fileType,
    resourcesIsOpen: row.isOpen,
    resourcesIsComment: row.isComment,
    resourcesDesc: row.description,
    userId: row.uploaderId,
    userName: row.uploaderName,
    downloadNum: row.downloadNum,
    shareNum: row.shareNum,
    givelikeNum: row.likeNum,
    favoritesNum: row.favoriteNum,
    statusDate: displayTime(row.statusDate),
    createDate: displayTime(row.createdAt),
    stageId: row.stageId,
    gradeId: row.gradeId,
    subjectId: row.subjectId,
    editionId: row.editionId,
    chapter: row.chapter,
  };
}

/** The list's filters and sort as the pages send them (one of four sort flags). */
export function listQueryOf(
  body: {
    KeywordName?: string;
    resourcesType?: string;
    resourcesFileType?: string;
    userName?: number;
    resourcesSize?: number;
    downloadNum?: number;
    statusDate?: number;
  } & FacetQuery,
): ListQuery {
  const sorts = [
    ['userName', body.userName],
    ['size', body.resourcesSize],
    ['downloads', body.downloadNum],
    ['updated', body.statusDate],
  ] as const;
  const active = sorts.find(([, flag]) => flag !== undefined);
  return {
    keyword: body.KeywordName,
    resourcesType: body.resourcesType,
    fileType: body.resourcesFileType,
    sort: active ? { by: active[0], descending: active[1] === 1 } : undefined,
    facets: facetQueryOf(body),
  };
}
