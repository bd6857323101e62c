import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../auth/session.js';
import type { FileGuard, FileUseRecord, FileUses } from './guards.js';
import { virusFound, type ScanState } from './virus-scan.js';
import { PublicUses } from './public-query.js';
import { FILE_OWNER_TABLES, type FileOwnerTable } from './uses.js';

export const STAFF_ONLY_FILE = '该文件仅限校内访问，请先登录';
export const NOT_YOUR_FILE = '无权查看该文件';
export const MAY_NOT_USE_FILE = '不能使用无权查看的文件';
/** A file whose scan has not passed yet (pending): its uploader's alone. */
export const SCAN_PENDING_FILE = '该文件正在进行病毒检测，暂不能查看';

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
  /** The virus scan's state (virus-scan.ts): infected files are nobody's, pending ones their uploader's. */
  scanState: ScanState;
  /** What was found in an infected file. */
  virusName?: string | null;
}

/**
 * What a reader may take of a file: `own` is the reader's own look at a file; `lent` a
 * look on somebody else's behalf (a share link's visitor reads as the link's owner), who
 * never gets a file whose scan has not passed.
 */
export interface ReadPurpose {
  lent?: boolean;
}

/**
 * The one rule of who may read a stored file, whatever the address it is read
 * by (`api/files/:id`, `uploadnewfile.do`, `/upload/…`, drive file and zip,
 * mail and leave attachments):
 *
 * 1. a file some item the public can read uses (a listed news item, a shown
 *    banner, ...) is public — each area says which of its items are (FileUses),
 *    asked in one compiled query, the common case of pictures;
 * 2. otherwise only logged-in staff, and among them whoever an item over the
 *    file lets in: each kind of item (`file_use.info_table`, news_file,
 *    video_file) has exactly one guard, registered by the area that owns it,
 *    and the guards add up (any one letting the reader in is enough);
 * 3. a file nobody uses is its uploader's alone; the uploader always reads
 *    what they uploaded;
 * 0. before all of these, the virus scan (virus-scan.ts): an infected file is
 *    refused to everyone, a file whose scan has not passed (pending) to everyone
 *    but its uploader reading for themself. Unscanned files (未检测: stored with
 *    no scanner) follow 1-3 (docs/security.md).
 *
 * Recording a use runs the same rule for the writer (`assertMayUse`): an id
 * is never permission.
 */
export class FileAccess {
  private readonly guards = new Map<FileOwnerTable, FileGuard>();
  private readonly uses: FileUses[] = [];
  private publicUses?: PublicUses;

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

  /** Adds what the areas tell of their items' files: where they name them, which are public. */
  addUses(uses: readonly FileUses[]): void {
    this.uses.push(...uses);
    this.publicUses = undefined;
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
      .select((eb) => [
        'storedFile.id',
        'storedFile.createdBy',
        'storedFile.scanState',
        'storedFile.virusName',
        pictureIdOf(eb),
      ])
      .where('storedFile.id', '=', id)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        createdBy: row.createdBy,
        pictureId: row.pictureId ?? null,
        scanState: row.scanState as ScanState,
        virusName: row.virusName,
      }
    );
  }

  /** What the rule says of `reader` and a file (see the class). */
  async verdict(
    file: FileFacts,
    reader: FileReader,
    db: Kysely<Database> = this.db,
    purpose: ReadPurpose = {},
  ): Promise<FileVerdict> {
    if (file.pictureId !== null) {
      const picture = await this.facts(file.pictureId, db);
      if (picture) return this.verdict({ ...picture, pictureId: null }, reader, db, purpose);
    }
    // The virus scan first: an infected file is nobody's (its bytes are gone), one whose
    // scan has not passed its uploader's alone — no item, link or public page lends it.
    if (file.scanState === 'infected') {
      return { ok: false, status: 403, message: virusFound(file.virusName ?? '未知病毒') };
    }
    if (file.scanState === 'pending') {
      const own = reader !== null && file.createdBy === reader.id && !purpose.lent;
      if (!own) return { ok: false, status: reader ? 403 : 401, message: SCAN_PENDING_FILE };
    }
    this.publicUses ??= new PublicUses(this.db, this.uses);
    if (await this.publicUses.isPublic(file.id, iso(this.now()), db)) {
      return { ok: true, public: true };
    }
    if (!reader) return { ok: false, status: 401, message: STAFF_ONLY_FILE };
    if (file.createdBy !== null && file.createdBy === reader.id) return { ok: true, public: false };
    return this.askGuards(reader, await this.usesOf(file.id, db), file.id, db);
  }

  /**
   * The rule for a file of the old site, opened by its path under /upload/
   * (oldfile 1): the items that list it (FileUses.legacy: news and sub-news
   * attachments) decide, as for a stored file; a path no item lists is
   * nobody's (404). The old site wrote its paths with either slash.
   */
  async legacyVerdict(
    path: string,
    reader: FileReader,
    db: Kysely<Database> = this.db,
  ): Promise<FileVerdict | undefined> {
    const forms = [path, path.replace(/\//g, '\\')];
    const now = iso(this.now());
    const found = await Promise.all(this.uses.map((area) => area.legacy?.(db, forms, now) ?? []));
    const items = found.flat();
    if (items.length === 0) return undefined;
    if (items.some((item) => item.public)) return { ok: true, public: true };
    if (!reader) return { ok: false, status: 401, message: STAFF_ONLY_FILE };
    const uses = items.map(({ infoTable, objId }) => ({ infoTable, objId }));
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

  /** Every use of a file: its file_use rows and what the areas' own columns name (FileUses). */
  private async usesOf(fileId: number, db: Kysely<Database>): Promise<FileUseRecord[]> {
    const groups = await Promise.all([
      db
        .selectFrom('fileUse')
        .select(['infoTable', 'objId'])
        .where('fileId', '=', fileId)
        .execute(),
      ...this.uses.map((area) => area.named?.(db, fileId) ?? []),
    ]);
    return groups.flat();
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
