import { Readable, Transform, pipeline } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FileStorage } from '../../storage/storage.js';
import { iso, type Clock } from '../../time.js';

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
   * Whether a file may only be read by logged-in staff: it is attached to a
   * news item or video that the public cannot read (meant for the intranet, or
   * not yet, not or no longer listed) and to none that the public can. Covers,
   * banners and the other public pictures are attached to nothing and stay
   * public.
   */
  async isStaffOnly(id: number): Promise<boolean> {
    const now = iso(this.now());
    const newsRefs = await this.db
      .selectFrom('newsFile')
      .innerJoin('news', 'news.id', 'newsFile.newsId')
      .select([
        'news.enableType',
        'news.deleted',
        'news.ifShelves',
        'news.checkStatus',
        'news.shelvesDate',
      ])
      .where('newsFile.fileId', '=', id)
      .limit(50)
      .execute();
    const videoRefs = await this.db
      .selectFrom('videoFile')
      .innerJoin('video', 'video.id', 'videoFile.videoId')
      .select(['video.enableType', 'video.deleted', 'video.ifShelves', 'video.checkStatus'])
      .where('videoFile.fileId', '=', id)
      .limit(50)
      .execute();
    const refs: Array<(typeof videoRefs)[number] & { shelvesDate?: string }> = [
      ...newsRefs,
      ...videoRefs,
    ];
    const isPublic = (r: (typeof refs)[number]) =>
      r.enableType === 1 &&
      r.deleted === 0 &&
      r.ifShelves === 1 &&
      r.checkStatus === 1 &&
      (r.shelvesDate === undefined || r.shelvesDate <= now);
    return refs.length > 0 && !refs.some(isPublic);
  }
}
