import { isSafeLink } from '@school/common';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { canManage, isContentAdmin } from '../../http/roles.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { sanitizeRichText } from '../../platform/content/sanitize.js';
import {
  checkItemFiles,
  editFileView,
  vouchedFiles,
  type CmsFileInput,
  type KnownFiles,
} from '../../platform/files/item-files.js';
import { fileUrl, type FileService } from '../../platform/files/service.js';
import { bodyAndCover } from '../../platform/files/uses.js';
import { saveContent, type ContentKind, type SaveOptions } from '../../platform/publishing/save.js';
import {
  bylineOf,
  keptText,
  newReviewedColumns,
  readItem,
  savedBy,
} from '../../platform/publishing/save-fields.js';
import { NOT_OWN_MESSAGE } from '../../platform/publishing/workflow.js';
import type { SearchIndex } from '../../platform/search/search-index.js';
import { displayTime, iso, type Clock } from '../../time.js';
import { loadNewsItem, type NewsFields, type NewsItemRow } from './review.js';
import { reindexNews, replaceNewsFiles, type NewsFileInput } from './writes.js';

/**
 * The one save of news items: the platform's editor, the site importer, the
 * demo seed and the test factories all create and change items here. The
 * checks of a save (title, link, column open to the caller, files the caller
 * may use), then the content path (platform/publishing/save.ts): the guarded
 * write with its files, file uses, search entry, log row and version, in one
 * transaction; the body is cleaned once, here.
 */

export const CLOSED_COLUMN_MESSAGE = '该栏目只有管理员可以发布';

export interface NewsSaveDeps {
  db: Kysely<Database>;
  search: SearchIndex;
  /** Stored files: the item-file check, and the file uses the path records. */
  files: FileService;
  now: Clock;
}

/**
 * The editable fields of an item (the body sanitised HTML, shelvesDate the ISO
 * time the public sees it from) and its files: what a save writes and a
 * revision keeps.
 */
export interface NewsDraft extends NewsFields {
  files: NewsFileInput[];
}

/** A save: no newId creates; fields left out keep their value (or the default, when creating). */
export interface CmsSaveInput {
  newId?: number;
  typeId: number;
  title: string;
  description?: string;
  content?: string;
  newsType?: number;
  contentKind?: number;
  schChange?: number | null;
  enableType?: number;
  source?: string | null;
  releaseUser?: string | null;
  coverFileId?: number | null;
  linkUrl?: string | null;
  shelvesDate?: Date;
  files?: CmsFileInput[];
  /** The version the edit form was read at; a save of an item changed since answers 409. */
  version?: number;
}

/** What the platform's forms show of a draft: the API's field names, dates as the school reads them. */
export function newsEditableView(draft: NewsDraft) {
  return {
    typeId: draft.typeId,
    newsTitle: draft.title,
    newsDesc: draft.description,
    newsContent: draft.content,
    newsType: draft.newsType,
    newcontenttype: draft.contentKind,
    schChange: draft.schChange,
    enableType: draft.enableType,
    source: draft.source,
    releaseUser: draft.releaseUser,
    coverFileId: draft.coverFileId,
    imgUrl: fileUrl(draft.coverFileId),
    newsUrl: draft.linkUrl,
    shelvesDate: displayTime(draft.shelvesDate),
    files: draft.files.map(editFileView),
  };
}

export async function newsDraftOf(db: Kysely<Database>, row: NewsItemRow): Promise<NewsDraft> {
  const files = await db
    .selectFrom('newsFile')
    .select(['role', 'fileId', 'legacyPath', 'fileName', 'caption'])
    .where('newsId', '=', row.id)
    .where('subjectId', 'is', null)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return {
    typeId: row.typeId,
    title: row.title,
    description: row.description,
    content: row.content,
    newsType: row.newsType,
    contentKind: row.contentKind,
    schChange: row.schChange,
    enableType: row.enableType,
    source: row.source,
    releaseUser: row.releaseUser,
    coverFileId: row.coverFileId,
    linkUrl: row.linkUrl,
    shelvesDate: row.shelvesDate,
    files: files.map((f) => ({
      role: f.role,
      fileId: f.fileId,
      legacyPath: f.legacyPath,
      fileName: f.fileName,
      caption: f.caption,
    })),
  };
}

/** The column must exist and, unless the system saves on an author's behalf, be open to them. */
async function assertColumnOpen(
  db: Kysely<Database>,
  typeId: number,
  staff: AuthStaff,
  onBehalf: boolean,
) {
  const column = await db
    .selectFrom('newsType')
    .select(['id', 'teacherOpen'])
    .where('id', '=', typeId)
    .executeTakeFirst();
  if (!column) throw badRequest('栏目不存在');
  if (column.teacherOpen !== 1 && !isContentAdmin(staff) && !onBehalf) {
    throw forbidden(CLOSED_COLUMN_MESSAGE);
  }
}

/** News on the content path: reviewed in their own row, deleted by a flag. */
export const NEWS_CONTENT: ContentKind = {
  table: 'news',
  infoTable: 'T_NEWS',
  softDeleted: true,
  review: { table: 'news' },
};

/**
 * Creates or changes an item (a save or a restore) along the content path
 * (platform/publishing/save.ts): permission, column, fields and files checked
 * here, then the guarded write. Files a save may attach: stored files the
 * caller uploaded (any, for isPower 1), and those the item already has or, on
 * a restore, had. A file of the old site (legacyPath) only stays where it
 * already is, or comes with the system's save.
 */
export async function writeNews(
  deps: NewsSaveDeps,
  input: CmsSaveInput,
  staff: AuthStaff,
  ip: string | null,
  options: SaveOptions<NewsDraft>,
): Promise<number> {
  const { search, files: storedFiles } = deps;
  const db = options.db ?? deps.db;
  const onBehalf = Boolean(options.onBehalf);
  const current = input.newId ? await loadNewsItem(db, input.newId) : undefined;
  if (current && !canManage(staff, current.createStaff)) throw forbidden(NOT_OWN_MESSAGE);
  await assertColumnOpen(db, input.typeId, staff, onBehalf);
  const before = current ? await newsDraftOf(db, current) : undefined;

  const now = options.at ?? deps.now();
  const title = input.title.trim();
  if (!title) throw badRequest('请输入标题');
  const linkUrl = (input.linkUrl === undefined ? before?.linkUrl : input.linkUrl)?.trim() || null;
  if (linkUrl && !isSafeLink(linkUrl)) {
    throw badRequest('链接地址须以 http:// 或 https:// 开头');
  }
  const coverFileId =
    input.coverFileId === undefined ? (before?.coverFileId ?? null) : input.coverFileId;
  const fileInputs = input.files ?? before?.files ?? [];
  const known: KnownFiles[] = [before, options.trusted].filter((d): d is NewsDraft => Boolean(d));
  if (onBehalf) known.push(vouchedFiles(coverFileId, fileInputs));
  const draft: NewsDraft = {
    typeId: input.typeId,
    title,
    description: (input.description ?? before?.description ?? '').trim(),
    content: sanitizeRichText(input.content ?? before?.content ?? ''),
    newsType: input.newsType ?? before?.newsType ?? 1,
    contentKind: input.contentKind ?? before?.contentKind ?? 1,
    schChange: input.schChange === undefined ? (before?.schChange ?? null) : input.schChange,
    enableType: input.enableType ?? before?.enableType ?? 1,
    source: keptText(input.source, before?.source),
    releaseUser: bylineOf(input.releaseUser, before?.releaseUser, staff, onBehalf),
    coverFileId,
    linkUrl,
    shelvesDate: input.shelvesDate ? iso(input.shelvesDate) : (before?.shelvesDate ?? iso(now)),
    files: await checkItemFiles(db, storedFiles.access, fileInputs, coverFileId, staff, known),
  };

  return saveContent(db, NEWS_CONTENT, {
    current: current && readItem(current, before!, current.updatedAt),
    version: input.version,
    draft,
    ...savedBy(staff, ip, now, options),
    uses: bodyAndCover(draft.content, draft.coverFileId),
    files: storedFiles,
    insert: async (trx, { files, ...fields }) => {
      const { id } = await trx
        .insertInto('news')
        .values({
          ...fields,
          // A new item is off the shelf until approved and shelved (the workflow's steps).
          ...newReviewedColumns(staff, iso(now)),
          deptId: await primaryDepartment(trx, staff.id),
          statusDate: fields.shelvesDate,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await replaceNewsFiles(trx, id, null, files);
      return id;
    },
    // An administrator's save leaves the review state and the shelf as they are in the row
    // (a shelving that landed before it stays); a teacher's went back to draft in the claim.
    update: async (trx, newId, { files, ...fields }) => {
      await trx
        .updateTable('news')
        .set({ ...fields, statusDate: fields.shelvesDate, updatedAt: iso(now) })
        .where('id', '=', newId)
        .execute();
      await replaceNewsFiles(trx, newId, null, files);
    },
    reindex: (trx, newId) => reindexNews(trx, search, newId),
  });
}

/** The publishing department of a new item: its author's main department. */
async function primaryDepartment(trx: Kysely<Database>, staffId: number) {
  const row = await trx
    .selectFrom('staffDepartment')
    .select('deptId')
    .where('staffId', '=', staffId)
    .orderBy('isPrimary', 'desc')
    .orderBy('deptId')
    .executeTakeFirst();
  return row?.deptId ?? null;
}
