import { Readable, Transform, pipeline } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FileStorage } from '../../storage/storage.js';
import { iso, type Clock } from '../../time.js';
import { listedNews } from '../news/queries.js';
import type { FileOwnerTable } from './file-uses.js';

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

/** Address of a stored file as pages use it (images, players, the PDF viewer). */
/** Bytes a type check reads from the start of an upload. */
const HEAD_BYTES = 4100;

const extensionOf = (fileName: string) => fileName.match(/\.([A-Za-z0-9]{1,8})$/)?.[1];

export const fileUrl = (id: number | null | undefined) => (id ? `/api/files/${id}` : '');

/**
 * Files as the rest of the app sees them: bytes in storage, name and type in
 * the database. Callers check size and type before they get here.
 */
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
        })
        .returning(['id', 'storageKey', 'fileName', 'mimeType', 'size'])
        .executeTakeFirstOrThrow();
      return row;
    } catch (err) {
      await this.storage.remove(key);
      throw err;
    }
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
   * item records (banners, introduction pictures, logos) stay public.
   */
  async isStaffOnly(id: number): Promise<boolean> {
    const now = this.now();
    const [newsRefs, videoRefs, uses] = await Promise.all([
      this.db
        .selectFrom('newsFile')
        .select('newsId as objId')
        .where('fileId', '=', id)
        .limit(50)
        .execute(),
      this.db
        .selectFrom('videoFile')
        .select('videoId as objId')
        .where('fileId', '=', id)
        .limit(50)
        .execute(),
      this.db
        .selectFrom('fileUse')
        .select(['infoTable', 'objId'])
        .where('fileId', '=', id)
        .limit(200)
        .execute(),
    ]);
    const owners: Record<FileOwnerTable, number[]> = {
      T_NEWS: newsRefs.map((r) => r.objId),
      T_SUBJECT_NEWS: [],
      TF_VIDEO: videoRefs.map((r) => r.objId),
      T_MAGAZINE: [],
    };
    for (const use of uses) owners[use.infoTable as FileOwnerTable]?.push(use.objId);
    if (Object.values(owners).every((ids) => ids.length === 0)) return false;
    return !(await this.anyPublic(owners, now));
  }

  /** Whether any of these items is one the public can read at `now`. */
  private async anyPublic(owners: Record<FileOwnerTable, number[]>, now: Date) {
    const found = (query: { executeTakeFirst(): Promise<unknown> }) =>
      query.executeTakeFirst().then(Boolean);
    if (
      owners.T_NEWS.length &&
      (await found(
        this.db
          .selectFrom('news')
          .select('news.id')
          .where('news.id', 'in', owners.T_NEWS)
          .where('news.enableType', '=', 1)
          .where(listedNews(now))
          .limit(1),
      ))
    ) {
      return true;
    }
    if (
      owners.T_SUBJECT_NEWS.length &&
      (await found(
        this.db
          .selectFrom('subjectNews')
          .innerJoin('news', 'news.id', 'subjectNews.newsId')
          .select('news.id')
          .where('subjectNews.id', 'in', owners.T_SUBJECT_NEWS)
          .where('subjectNews.deleted', '=', 0)
          .where('news.enableType', '=', 1)
          .where(listedNews(now))
          .limit(1),
      ))
    ) {
      return true;
    }
    if (
      owners.TF_VIDEO.length &&
      (await found(
        this.db
          .selectFrom('video')
          .select('id')
          .where('id', 'in', owners.TF_VIDEO)
          .where('enableType', '=', 1)
          .where('deleted', '=', 0)
          .where('ifShelves', '=', 1)
          .where('checkStatus', '=', 1)
          .limit(1),
      ))
    ) {
      return true;
    }
    return (
      owners.T_MAGAZINE.length > 0 &&
      found(
        this.db
          .selectFrom('magazine')
          .select('id')
          .where('id', 'in', owners.T_MAGAZINE)
          .where('enabled', '=', 1)
          .limit(1),
      )
    );
  }
}
