import { CompiledQuery, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { iso, type Clock } from '../../time.js';
import { listedNews, publicVideo } from '../publishing/visibility.js';
import type { AuthStaff } from '../auth/session.js';
import type { FileGuard, FileUseRecord } from './guards.js';
import { FILE_OWNER_TABLES, type FileOwnerTable } from './uses.js';

/** A stored file's address, as pages and parameters name it. */
const fileUrl = (id: number) => `/api/files/${id}`;

export const STAFF_ONLY_FILE = '该文件仅限校内访问，请先登录';
export const NOT_YOUR_FILE = '无权查看该文件';
export const MAY_NOT_USE_FILE = '不能使用无权查看的文件';

/** Who reads: a logged-in staff member, or null for a visitor. */
export type FileReader = AuthStaff | null;

/** What the read rule says of one reader and one file. */
export type FileVerdict =
  { ok: true; public: boolean } | { ok: false; status: 401 | 403; message: string };

/** The facts of a stored file the rule starts from. */
export interface FileFacts {
  id: number;
  createdBy: number | null;
  /** Set when the file is a picture's thumbnail: it is read under that picture's rules. */
  pictureId: number | null;
}

/**
 * The one rule of who may read a stored file, whatever the address it is read
 * by (`api/files/:id`, `uploadnewfile.do`, `/upload/…`, drive file and zip,
 * mail and leave attachments):
 *
 * 1. a file some item the public can read uses (a listed news item, a shown
 *    banner, ...) is public — one compiled query, the common case of pictures;
 * 2. otherwise only logged-in staff, and among them whoever an item over the
 *    file lets in: each kind of item (`file_use.info_table`, news_file,
 *    video_file) has exactly one guard, registered by the area that owns it,
 *    and the guards add up (any one letting the reader in is enough);
 * 3. a file nobody uses is its uploader's alone; the uploader always reads
 *    what they uploaded.
 *
 * Recording a use runs the same rule for the writer (`assertMayUse`): an id
 * is never permission.
 */
export class FileAccess {
  private readonly guards = new Map<FileOwnerTable, FileGuard>();
  private publicQuery?: ReturnType<typeof compilePublicQuery>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  /** Adds the areas' guards; a kind of use may have one guard only. */
  addGuards(guards: readonly FileGuard[]): void {
    for (const guard of guards) {
      for (const table of guard.tables) {
        if (this.guards.has(table)) throw new Error(`file guard for ${table} given twice`);
        this.guards.set(table, guard);
      }
    }
  }

  /** Fails the start when a kind of use has no guard: its files would be read by nobody. */
  assertComplete(): void {
    const missing = FILE_OWNER_TABLES.filter((table) => !this.guards.has(table));
    if (missing.length) throw new Error(`no file guard for ${missing.join(', ')}`);
  }

  /** The facts of a stored file, or undefined when there is none. */
  async facts(id: number, db: Kysely<Database> = this.db): Promise<FileFacts | undefined> {
    const row = await db
      .selectFrom('storedFile')
      .select((eb) => ['storedFile.id', 'storedFile.createdBy', pictureIdOf(eb)])
      .where('storedFile.id', '=', id)
      .executeTakeFirst();
    return row && { id: row.id, createdBy: row.createdBy, pictureId: row.pictureId ?? null };
  }

  /** What the rule says of `reader` and a file (see the class). */
  async verdict(
    file: FileFacts,
    reader: FileReader,
    db: Kysely<Database> = this.db,
  ): Promise<FileVerdict> {
    if (file.pictureId !== null) {
      const picture = await this.facts(file.pictureId, db);
      if (picture) return this.verdict({ ...picture, pictureId: null }, reader, db);
    }
    if (await this.isPublic(file.id, db)) return { ok: true, public: true };
    if (!reader) return { ok: false, status: 401, message: STAFF_ONLY_FILE };
    if (file.createdBy !== null && file.createdBy === reader.id) return { ok: true, public: false };
    return this.askGuards(reader, await usesOf(db, file.id), file.id, db);
  }

  /**
   * The rule for a file of the old site, opened by its path under /upload/
   * (oldfile 1): the news items and sub-news that list it as an attachment
   * decide, as for a stored file; a path no item lists is nobody's (404).
   */
  async legacyVerdict(
    path: string,
    reader: FileReader,
    db: Kysely<Database> = this.db,
  ): Promise<FileVerdict | undefined> {
    const forms = [path, path.replace(/\//g, '\\')];
    const rows = await db
      .selectFrom('newsFile')
      .innerJoin('news', 'news.id', 'newsFile.newsId')
      .leftJoin('subjectNews', 'subjectNews.id', 'newsFile.subjectId')
      .select(['newsFile.newsId', 'newsFile.subjectId', 'news.enableType', 'subjectNews.deleted'])
      .select((eb) =>
        eb.and([eb('news.enableType', '=', 1), listedNews(iso(this.now()))(eb)]).as('open'),
      )
      .where('newsFile.legacyPath', 'in', forms)
      .where('newsFile.fileId', 'is', null)
      .execute();
    if (rows.length === 0) return undefined;
    if (rows.some((row) => Number(row.open) && !Number(row.deleted ?? 0))) {
      return { ok: true, public: true };
    }
    if (!reader) return { ok: false, status: 401, message: STAFF_ONLY_FILE };
    const uses = rows.map((row) =>
      row.subjectId === null
        ? { infoTable: 'T_NEWS', objId: row.newsId }
        : { infoTable: 'T_SUBJECT_NEWS', objId: row.subjectId },
    );
    return this.askGuards(reader, uses, null, db);
  }

  private async askGuards(
    reader: AuthStaff,
    uses: FileUseRecord[],
    fileId: number | null,
    db: Kysely<Database>,
  ): Promise<FileVerdict> {
    let refusal: string | undefined;
    for (const [guard, own] of this.byGuard(uses)) {
      if (await guard.allows(reader, own, fileId, db)) return { ok: true, public: false };
      refusal ??= guard.refusal;
    }
    return { ok: false, status: 403, message: refusal ?? NOT_YOUR_FILE };
  }

  /** Throws the verdict's refusal; answers whether the file is public. */
  async assertReadable(
    file: FileFacts,
    reader: FileReader,
    db: Kysely<Database> = this.db,
  ): Promise<{ public: boolean }> {
    const verdict = await this.verdict(file, reader, db);
    if (!verdict.ok) throw new AppError(verdict.status, verdict.message);
    return verdict;
  }

  /**
   * A writer may record a use of a file (an item's body picture, attachment,
   * cover; a mail attachment; a 秒传) only when they may read it. Missing
   * files are left to the caller (most saves ignore or refuse them).
   */
  async assertMayUse(
    writer: AuthStaff,
    fileIds: Iterable<number>,
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    for (const id of new Set(fileIds)) {
      const file = await this.facts(id, db);
      if (!file) continue;
      const verdict = await this.verdict(file, writer, db);
      if (!verdict.ok) throw new AppError(403, MAY_NOT_USE_FILE);
    }
  }

  /**
   * The uses grouped by the guard that governs them, in the order the areas
   * registered their guards (so a refusal's wording does not depend on the
   * order of the rows); a use of no known kind is governed by none.
   */
  private byGuard(uses: FileUseRecord[]): Map<FileGuard, FileUseRecord[]> {
    const groups = new Map<FileGuard, FileUseRecord[]>();
    for (const guard of new Set(this.guards.values())) {
      const own = uses.filter((use) => guard.tables.includes(use.infoTable as FileOwnerTable));
      if (own.length) groups.set(guard, own);
    }
    return groups;
  }

  /**
   * Whether an item the public can read uses the file. Pictures are the most
   * read addresses of the site: the query is built and compiled once
   * (building it costs far more than running it) and run with this file and
   * time.
   */
  private async isPublic(id: number, db: Kysely<Database>): Promise<boolean> {
    this.publicQuery ??= compilePublicQuery(this.db);
    const { query, fileIdAt, urlAt, nowAt } = this.publicQuery;
    const parameters = [...query.parameters];
    const now = iso(this.now());
    for (const i of fileIdAt) parameters[i] = id;
    for (const i of urlAt) parameters[i] = fileUrl(id);
    for (const i of nowAt) parameters[i] = now;
    const { rows } = await db.executeQuery<{ open: unknown }>(
      CompiledQuery.raw(query.sql, parameters),
    );
    // SQLite answers 0/1, PostgreSQL booleans.
    return Boolean(Number(rows[0]!.open));
  }
}

/** The picture a stored file is the thumbnail of, as the column `pictureId` of a query over it. */
export const pictureIdOf = (eb: ExpressionBuilder<Database, 'storedFile'>) =>
  eb
    .selectFrom('storedFile as picture')
    .select('picture.id')
    .whereRef('picture.thumbFileId', '=', 'storedFile.id')
    .limit(1)
    .as('pictureId');

/**
 * Every use of a file: file_use rows, attachments and sets of news and
 * videos, and the pictures the showcase, the introduction, the workbench and
 * the parameters name in their columns.
 */
export async function usesOf(db: Kysely<Database>, fileId: number): Promise<FileUseRecord[]> {
  const of = (infoTable: FileOwnerTable) => (rows: Array<{ id: number }>) =>
    rows.map((row) => ({ infoTable, objId: row.id }));
  const groups = await Promise.all([
    db.selectFrom('fileUse').select(['infoTable', 'objId']).where('fileId', '=', fileId).execute(),
    db
      .selectFrom('newsFile')
      .select(['newsId', 'subjectId'])
      .where('fileId', '=', fileId)
      .execute()
      .then((rows) =>
        rows.map((row) =>
          row.subjectId === null
            ? { infoTable: 'T_NEWS', objId: row.newsId }
            : { infoTable: 'T_SUBJECT_NEWS', objId: row.subjectId },
        ),
      ),
    db
      .selectFrom('videoFile')
      .select('videoId as id')
      .where('fileId', '=', fileId)
      .execute()
      .then(of('TF_VIDEO')),
    db
      .selectFrom('banner')
      .select('id')
      .where('imageFileId', '=', fileId)
      .execute()
      .then(of('T_BANNER')),
    db
      .selectFrom('society')
      .select('id')
      .where((eb) => eb.or([eb('logoFileId', '=', fileId), eb('picFileId', '=', fileId)]))
      .execute()
      .then(of('T_SOCIETY')),
    db
      .selectFrom('introPage')
      .select('id')
      .where('picFileId', '=', fileId)
      .execute()
      .then(of('T_WWFZ')),
    db
      .selectFrom('person')
      .select('id')
      .where('picFileId', '=', fileId)
      .execute()
      .then(of('T_FMSM')),
    db
      .selectFrom('workbenchItem')
      .select('id')
      .where('iconFileId', '=', fileId)
      .execute()
      .then(of('T_WORKBENCH')),
    db
      .selectFrom('sysParameter')
      .select('id')
      .where('pic', '=', fileUrl(fileId))
      .execute()
      .then(of('T_PARAMETER')),
  ]);
  return groups.flat();
}

/** Stand-ins for the file id, its address and the time in the compiled public query. */
const FILE_ID_SLOT = -987654321;
const URL_SLOT = '\u0000url';
const NOW_SLOT = '\u0000now';

/**
 * isPublic's query, compiled with stand-ins, and where they sit among its
 * parameters: one query of index lookups that stops at the first public item.
 * The public side of each kind's rule (its guard decides for staff).
 */
function compilePublicQuery(db: Kysely<Database>) {
  const id = FILE_ID_SLOT;
  const url = URL_SLOT;
  const now = NOW_SLOT;
  const query = db
    .selectNoFrom((eb) => {
      const uses = (infoTable: FileOwnerTable) =>
        eb
          .selectFrom('fileUse')
          .where('fileUse.fileId', '=', id)
          .where('fileUse.infoTable', '=', infoTable);
      return [
        eb
          .or([
            eb.exists(
              uses('T_NEWS')
                .innerJoin('news', 'news.id', 'fileUse.objId')
                .select('news.id')
                .where('news.enableType', '=', 1)
                .where(listedNews(now)),
            ),
            eb.exists(
              eb
                .selectFrom('newsFile')
                .innerJoin('news', 'news.id', 'newsFile.newsId')
                .select('news.id')
                .where('newsFile.fileId', '=', id)
                .where('news.enableType', '=', 1)
                .where(listedNews(now)),
            ),
            eb.exists(
              uses('T_SUBJECT_NEWS')
                .innerJoin('subjectNews', 'subjectNews.id', 'fileUse.objId')
                .innerJoin('news', 'news.id', 'subjectNews.newsId')
                .select('news.id')
                .where('subjectNews.deleted', '=', 0)
                .where('news.enableType', '=', 1)
                .where(listedNews(now)),
            ),
            eb.exists(
              uses('TF_VIDEO')
                .innerJoin('video', 'video.id', 'fileUse.objId')
                .select('video.id')
                .where(publicVideo),
            ),
            eb.exists(
              eb
                .selectFrom('videoFile')
                .innerJoin('video', 'video.id', 'videoFile.videoId')
                .select('video.id')
                .where('videoFile.fileId', '=', id)
                .where(publicVideo),
            ),
            eb.exists(
              uses('T_MAGAZINE')
                .innerJoin('magazine', 'magazine.id', 'fileUse.objId')
                .select('magazine.id')
                .where('magazine.enabled', '=', 1),
            ),
            // The showcase, the introduction and the parameters name their pictures in columns.
            eb.exists(
              eb
                .selectFrom('banner')
                .select('banner.id')
                .where('banner.imageFileId', '=', id)
                .where('banner.enabled', '=', 1),
            ),
            eb.exists(
              eb
                .selectFrom('society')
                .select('society.id')
                .where((w) =>
                  w.or([w('society.logoFileId', '=', id), w('society.picFileId', '=', id)]),
                )
                .where('society.enabled', '=', 1),
            ),
            eb.exists(
              eb
                .selectFrom('introPage')
                .select('introPage.id')
                .where('introPage.picFileId', '=', id)
                .where('introPage.enableType', '=', 1),
            ),
            eb.exists(
              eb
                .selectFrom('person')
                .select('person.id')
                .where('person.picFileId', '=', id)
                .where('person.enableType', '=', 1),
            ),
            eb.exists(
              uses('T_WWFZ')
                .innerJoin('introPage', 'introPage.id', 'fileUse.objId')
                .select('introPage.id')
                .where('introPage.enableType', '=', 1),
            ),
            eb.exists(
              uses('T_FMSM')
                .innerJoin('person', 'person.id', 'fileUse.objId')
                .select('person.id')
                .where('person.enableType', '=', 1),
            ),
            // The footer's QR code and the like: parameters are the site's own settings.
            eb.exists(
              eb
                .selectFrom('sysParameter')
                .select('sysParameter.id')
                .where('sysParameter.pic', '=', url),
            ),
          ])
          .as('open'),
      ];
    })
    .compile();
  const slots = (value: unknown) =>
    query.parameters.flatMap((parameter, i) => (parameter === value ? [i] : []));
  const fileIdAt = slots(id);
  const urlAt = slots(url);
  const nowAt = slots(now);
  if (!fileIdAt.length || !urlAt.length || !nowAt.length) {
    throw new Error('isPublic: stand-ins lost');
  }
  return { query, fileIdAt, urlAt, nowAt };
}
