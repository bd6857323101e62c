import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, orNotFound } from '../../http/errors.js';
import { assertContentAdmin } from '../../http/roles.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import type { FileService } from '../../platform/files/service.js';
import { saveContent, type ContentKind, type SaveOptions } from '../../platform/publishing/save.js';
import { readItem, savedBy } from '../../platform/publishing/save-fields.js';
import { iso, type Clock } from '../../time.js';
import { MAGAZINE_GONE_MESSAGE, MAGAZINE_SERIES, SERIES_MESSAGE } from './service.js';

export const NOT_PDF_MESSAGE = '刊物文件须为 PDF';
export const NOT_IMAGE_MESSAGE = '封面须为图片文件';
export const MISSING_FILE_MESSAGE = '文件不存在，请重新上传';

/** A save: no magazineId creates; `enabled` left out keeps the issue's (shown, when new). */
export interface CmsMagazineInput {
  magazineId?: number;
  seriesId: number;
  title: string;
  /** null: no cover (the pages show their fallback picture). */
  coverFileId: number | null;
  /** The issue itself; only the system's save may leave it out (an old-site PDF that failed). */
  pdfFileId: number | null;
  enabled?: number;
  /** The version the form was read at; a save of an issue changed since answers 409. */
  version?: number;
}

/** The fields of an issue: what a save writes and a version keeps. */
export interface MagazineDraft {
  seriesId: number;
  title: string;
  coverFileId: number | null;
  pdfFileId: number | null;
  enabled: number;
}

export interface MagazineSaveDeps {
  db: Kysely<Database>;
  files: FileService;
  now: Clock;
}

/** Magazines on the content path: deleted for good, written by administrators only. */
const MAGAZINE_CONTENT: ContentKind = {
  table: 'magazine',
  infoTable: 'T_MAGAZINE',
  softDeleted: false,
  review: null,
};

/** An issue as it is stored; 404 when there is none. */
export async function loadIssue(db: Kysely<Database>, magazineId: number) {
  const row = await orNotFound(
    db.selectFrom('magazine').selectAll().where('id', '=', magazineId),
    MAGAZINE_GONE_MESSAGE,
  );
  return row;
}

/** The fields of an issue as stored. */
function magazineDraftOf(row: MagazineDraft): MagazineDraft {
  return {
    seriesId: row.seriesId,
    title: row.title,
    coverFileId: row.coverFileId,
    pdfFileId: row.pdfFileId,
    enabled: row.enabled,
  };
}

/** The cover must be a stored picture and the issue a stored PDF. */
async function checkFiles(db: Kysely<Database>, coverFileId: number | null, pdf: number | null) {
  const ids = [coverFileId, pdf].filter((id): id is number => Boolean(id));
  if (ids.length === 0) return;
  const stored = await db
    .selectFrom('storedFile')
    .select(['id', 'mimeType'])
    .where('id', 'in', ids)
    .execute();
  const mimeOf = (id: number) => stored.find((f) => f.id === id)?.mimeType;
  if (ids.some((id) => mimeOf(id) === undefined)) throw badRequest(MISSING_FILE_MESSAGE);
  if (coverFileId && !mimeOf(coverFileId)!.startsWith('image/')) {
    throw badRequest(NOT_IMAGE_MESSAGE);
  }
  if (pdf && mimeOf(pdf) !== 'application/pdf') throw badRequest(NOT_PDF_MESSAGE);
}

/**
 * The one save of magazine issues (the platform, the site importer, the demo
 * seed, the test factories): administrators only, a series, a name, a cover
 * picture and a PDF; then the content path (platform/publishing/save.ts): the
 * guarded write with its file uses, log row (T_MAGAZINE) and version.
 */
export async function writeMagazine(
  deps: MagazineSaveDeps,
  input: CmsMagazineInput,
  staff: AuthStaff,
  ip: string | null,
  options: SaveOptions<MagazineDraft>,
): Promise<number> {
  const db = options.db ?? deps.db;
  assertContentAdmin(staff);
  if (!MAGAZINE_SERIES.some((s) => s.id === input.seriesId)) throw badRequest(SERIES_MESSAGE);
  const title = input.title.trim();
  if (!title) throw badRequest('请输入刊物名称');
  const current =
    input.magazineId === undefined ? undefined : await loadIssue(db, input.magazineId);
  await checkFiles(db, input.coverFileId, input.pdfFileId);
  const draft: MagazineDraft = {
    seriesId: input.seriesId,
    title,
    coverFileId: input.coverFileId,
    pdfFileId: input.pdfFileId,
    enabled: input.enabled ?? current?.enabled ?? 1,
  };
  const now = options.at ?? deps.now();
  return saveContent(db, MAGAZINE_CONTENT, {
    current: current && readItem(current, magazineDraftOf(current), current.createdAt),
    version: input.version,
    draft,
    ...savedBy(staff, ip, now, options),
    uses: [draft.coverFileId, draft.pdfFileId],
    files: deps.files,
    insert: async (trx, fields) => {
      const { id } = await trx
        .insertInto('magazine')
        .values({ ...fields, createStaff: staff.id, createdAt: iso(now) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    update: async (trx, id, fields) => {
      await trx.updateTable('magazine').set(fields).where('id', '=', id).execute();
    },
  });
}
