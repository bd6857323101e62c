import { createHash } from 'node:crypto';
import { Readable, Transform, pipeline } from 'node:stream';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FileStorage } from './storage.js';
import { iso, type Clock } from '../../time.js';
import { listedNews, publicVideo } from '../publishing/visibility.js';
import type { AuthStaff } from '../auth/session.js';
import type { FileGuard, FileUseRecord } from './guards.js';
import type { FileOwnerTable } from './uses.js';

export interface StoredFile {
  id: number;
  storageKey: string;
  fileName: string;
  mimeType: string;
  size: number;
}

/** Types a browser may show in place; anything else is always downloaded. */
const INLINE_TYPES =
  /^(image\/(jpeg|png|gif|webp)|video\/(mp4|webm)|audio\/mpeg|application\/pdf)$/;

export const isInlineType = (mimeType: string) => INLINE_TYPES.test(mimeType);

/** Bytes a type check reads from the start of an upload. */
const HEAD_BYTES = 4100;

const extensionOf = (fileName: string) => fileName.match(/\.([A-Za-z0-9]{1,8})$/)?.[1];

/** Address of a stored file as pages use it (images, players, the PDF viewer). */
export const fileUrl = (id: number | null | undefined) => (id ? `/api/files/${id}` : '');

/**
 * Files as the rest of the app sees them: bytes in storage, name and type in
 * the database. Callers check size and type before they get here.
 */
/** A stored file that may be shared by hash, and whether an earlier upload's copy was used. */
export interface DeduplicatedFile {
  file: StoredFile;
  /** true: the same bytes were already stored; the new copy was dropped and `file` is the old one. */
  reused: boolean;
}

const SHA256 = /^[0-9a-f]{64}$/;

export class FileService {
  constructor(
    private readonly db: Kysely<Database>,
    readonly storage: FileStorage,
    private readonly now: Clock,
  ) {}

  async save(
    input: {
      fileName: string;
      mimeType: string;
      createdBy?: number | null;
      maxBytes?: number;
      thumbFileId?: number | null;
      width?: number | null;
      height?: number | null;
    },
    source: Readable | Buffer,
  ): Promise<StoredFile> {
    const stream = Buffer.isBuffer(source) ? Readable.from([source]) : source;
    const { key, size } = await this.storage.put(stream, {
      maxBytes: input.maxBytes,
      extension: extensionOf(input.fileName),
    });
    return this.record(key, size, input);
  }

  /**
   * Stores a stream whose type is only known from its first bytes: the bytes
   * go to storage as they arrive, then `inspect` sees the head and answers
   * the type (or throws, and nothing is kept).
   */
  async saveInspected(
    input: { fileName: string; createdBy?: number | null; maxBytes?: number },
    source: Readable,
    inspect: (head: Buffer) => Promise<string>,
  ): Promise<StoredFile> {
    const chunks: Buffer[] = [];
    let headSize = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (headSize < HEAD_BYTES) {
          chunks.push(chunk.subarray(0, HEAD_BYTES - headSize));
          headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
        }
        done(null, chunk);
      },
    });
    const tapped = pipeline(source, tap, () => undefined);
    const { key, size } = await this.storage.put(tapped, {
      maxBytes: input.maxBytes,
      extension: extensionOf(input.fileName),
    });
    let mimeType: string;
    try {
      mimeType = await inspect(Buffer.concat(chunks));
    } catch (err) {
      await this.storage.remove(key);
      throw err;
    }
    return this.record(key, size, { ...input, mimeType });
  }

  /**
   * Stores a stream once per content (the drive's uploads, 秒传): the bytes go
   * to storage as they arrive while their SHA-256 is computed (nothing is held
   * in memory but the first bytes `inspect` sees); `inspect` answers the type
   * or throws, and nothing is kept. When a file shared by hash with the same
   * bytes is already stored, the new copy is removed and that file is
   * answered (`reused`: its id, name and uploader are the first upload's);
   * otherwise the new file is recorded with its hash, shared by hash.
   */
  async saveDeduplicated(
    input: {
      fileName: string;
      createdBy?: number | null;
      maxBytes: number;
      inspect: (head: Buffer) => Promise<string>;
    },
    source: Readable,
  ): Promise<DeduplicatedFile> {
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    let headSize = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (headSize < HEAD_BYTES) {
          chunks.push(chunk.subarray(0, HEAD_BYTES - headSize));
          headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
        }
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const tapped = pipeline(source, tap, () => undefined);
    const { key, size } = await this.storage.put(tapped, {
      maxBytes: input.maxBytes,
      extension: extensionOf(input.fileName),
    });
    const sha256 = hash.digest('hex');
    let mimeType: string;
    let existing: StoredFile | undefined;
    try {
      mimeType = await input.inspect(Buffer.concat(chunks));
      existing = await this.findByHash(sha256);
    } catch (err) {
      await this.storage.remove(key);
      throw err;
    }
    if (existing) {
      await this.storage.remove(key);
      return { file: existing, reused: true };
    }
    const file = await this.record(key, size, {
      fileName: input.fileName,
      mimeType,
      createdBy: input.createdBy,
      sha256,
      sharedByHash: true,
    });
    return { file, reused: false };
  }

  /**
   * The file shared by hash with these bytes (hex SHA-256), when its bytes
   * are still in storage: an instant upload when the client already knows
   * the hash. The oldest such file when two were stored at once.
   */
  async findByHash(sha256: string): Promise<StoredFile | undefined> {
    const hex = sha256.toLowerCase();
    if (!SHA256.test(hex)) return undefined;
    const candidates = await this.db
      .selectFrom('storedFile')
      .select(['id', 'storageKey', 'fileName', 'mimeType', 'size'])
      .where('sha256', '=', hex)
      .where('sharedByHash', '=', 1)
      .orderBy('id')
      .limit(5)
      .execute();
    for (const file of candidates) {
      if (await this.storage.has(file.storageKey)) return file;
    }
    return undefined;
  }

  /**
   * Deletes a file (its row, then its bytes) when `isUsed` says nothing uses
   * it any more; answers whether it was deleted. `isUsed` runs in the same
   * transaction as the delete, on the handle it is given, so an area can ask
   * its own tables (the drive: is any resource still pointing at it, since a
   * copy shares the file). A missing file answers false.
   */
  async removeIfUnused(
    fileId: number,
    isUsed: (fileId: number, db: Kysely<Database>) => Promise<boolean>,
  ): Promise<boolean> {
    const key = await this.db.transaction().execute(async (trx) => {
      if (await isUsed(fileId, trx)) return undefined;
      const row = await trx
        .deleteFrom('storedFile')
        .where('id', '=', fileId)
        .returning('storageKey')
        .executeTakeFirst();
      return row?.storageKey;
    });
    if (key === undefined) return false;
    await this.storage.remove(key);
    return true;
  }

  private async record(
    key: string,
    size: number,
    input: {
      fileName: string;
      mimeType: string;
      createdBy?: number | null;
      thumbFileId?: number | null;
      width?: number | null;
      height?: number | null;
      sha256?: string;
      sharedByHash?: boolean;
    },
  ): Promise<StoredFile> {
    try {
      const row = await this.db
        .insertInto('storedFile')
        .values({
          storageKey: key,
          fileName: input.fileName.slice(0, 255),
          mimeType: input.mimeType,
          size,
          createdBy: input.createdBy ?? null,
          createdAt: iso(this.now()),
          thumbFileId: input.thumbFileId ?? null,
          width: input.width ?? null,
          height: input.height ?? null,
          sha256: input.sha256 ?? null,
          sharedByHash: input.sharedByHash ? 1 : 0,
        })
        .returning(['id', 'storageKey', 'fileName', 'mimeType', 'size'])
        .executeTakeFirstOrThrow();
      return row;
    } catch (err) {
      await this.storage.remove(key);
      throw err;
    }
  }

  /** Records that `objId` of `infoTable` uses a file (kept once). */
  async addUse(fileId: number, infoTable: FileOwnerTable, objId: number): Promise<void> {
    await this.db
      .insertInto('fileUse')
      .values({ fileId, infoTable, objId })
      .onConflict((conflict) => conflict.columns(['infoTable', 'objId', 'fileId']).doNothing())
      .execute();
  }

  async find(id: number): Promise<(StoredFile & { thumbFileId: number | null }) | undefined> {
    return this.db
      .selectFrom('storedFile')
      .select(['id', 'storageKey', 'fileName', 'mimeType', 'size', 'thumbFileId'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Whether a file may only be read by logged-in staff: some item uses it (as
   * attachment, in a picture or video set, in its body, as cover or PDF) and
   * none of those items is one the public can read (meant for the intranet;
   * not yet, not or no longer listed; deleted; a hidden magazine). Files no
   * item records (banners, introduction pictures, logos) stay public. One
   * query of index lookups that stops at the first public item.
   */
  async isStaffOnly(id: number): Promise<boolean> {
    // Pictures are the most read addresses of the site: the query is built and compiled once
    // (building it costs far more than running it) and run with this file and time.
    this.staffOnlyQuery ??= compileStaffOnlyQuery(this.db);
    const { query, fileIdAt, nowAt } = this.staffOnlyQuery;
    const parameters = [...query.parameters];
    const now = iso(this.now());
    for (const i of fileIdAt) parameters[i] = id;
    for (const i of nowAt) parameters[i] = now;
    const { rows } = await this.db.executeQuery<{ open: unknown; used: unknown }>(
      CompiledQuery.raw(query.sql, parameters),
    );
    const row = rows[0]!;
    // SQLite answers 0/1, PostgreSQL booleans.
    return Boolean(Number(row.used)) && !Number(row.open);
  }

  private staffOnlyQuery?: ReturnType<typeof compileStaffOnlyQuery>;

  private readonly guards: FileGuard[] = [];

  /** Adds the areas' rules on who may read a file (app.ts, once, as the services are built). */
  addGuards(guards: readonly FileGuard[]): void {
    this.guards.push(...guards);
  }

  /**
   * Why `reader` may not read a staff-only file, or null when they may: an
   * item over it no guard governs lets staff in; else one guarded item that
   * lets the reader in is enough (FileGuard); else the first rule's refusal.
   */
  async refusalFor(id: number, reader: AuthStaff): Promise<string | null> {
    if (this.guards.length === 0) return null;
    const uses = await this.db
      .selectFrom('fileUse')
      .select(['infoTable', 'objId'])
      .where('fileId', '=', id)
      .execute();
    const governed = (use: FileUseRecord) =>
      this.guards.some((guard) => guard.tables.includes(use.infoTable as FileOwnerTable));
    if (uses.some((use) => !governed(use))) return null;
    let refusal: string | null = null;
    for (const guard of this.guards) {
      const own = uses.filter((use) => guard.tables.includes(use.infoTable as FileOwnerTable));
      if (own.length === 0) continue;
      if (await guard.allows(reader, own, id)) return null;
      refusal ??= guard.refusal;
    }
    return refusal;
  }
}

/** Stand-ins for the file id and the time in the compiled query of isStaffOnly. */
const FILE_ID_SLOT = -987654321;
const NOW_SLOT = '\u0000now';

/**
 * isStaffOnly's query, compiled with stand-ins, and where they sit among its
 * parameters. One query of index lookups that stops at the first public item.
 */
function compileStaffOnlyQuery(db: Kysely<Database>) {
  const id = FILE_ID_SLOT;
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
          ])
          .as('open'),
        eb
          .or([
            eb.exists(eb.selectFrom('fileUse').select('fileId').where('fileId', '=', id)),
            eb.exists(eb.selectFrom('newsFile').select('fileId').where('fileId', '=', id)),
            eb.exists(eb.selectFrom('videoFile').select('fileId').where('fileId', '=', id)),
          ])
          .as('used'),
      ];
    })
    .compile();
  const slots = (value: unknown) =>
    query.parameters.flatMap((parameter, i) => (parameter === value ? [i] : []));
  const fileIdAt = slots(id);
  const nowAt = slots(now);
  if (fileIdAt.length === 0 || nowAt.length === 0) throw new Error('isStaffOnly: stand-ins lost');
  return { query, fileIdAt, nowAt };
}

/** A video the public can read. */
