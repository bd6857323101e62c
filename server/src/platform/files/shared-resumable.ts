import { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/server';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FileStorage } from './storage.js';

/**
 * A tus data store for several copies of the site (issue 21): an unfinished upload's state is a
 * database row (drive_resumable, migration 0032) and its bytes so far are pieces in the site's
 * storage (the S3 bucket), one per PATCH, listed in order in drive_resumable_chunk. So the HEAD
 * and PATCH requests of one upload may reach any copy. A PATCH cut short keeps the bytes that
 * arrived (the tus server ends the stream it hands over cleanly when the client goes away), as
 * the file store does, so the client resumes from there.
 *
 * Why not @tus/s3-store: it keeps its state in S3's multipart-upload listing (ListParts), which
 * S3-protocol servers other than AWS and MinIO — among them s3rver, the one the tests run — do not
 * all answer; this store needs only PUT, GET and DELETE of whole objects, which all of them do.
 */
export class SharedResumableStore extends DataStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly storage: FileStorage,
    private readonly expiryMs: number,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  override async create(upload: Upload): Promise<Upload> {
    if (upload.size === undefined) throw ERRORS.INVALID_LENGTH;
    const created = upload.creation_date ?? new Date().toISOString();
    await this.db
      .insertInto('driveResumable')
      .values({
        id: upload.id,
        size: upload.size,
        received: 0,
        metadata: JSON.stringify(upload.metadata ?? {}),
        creationDate: created,
        expiresAt: Date.parse(created) + this.expiryMs,
      })
      .execute();
    upload.creation_date = created;
    return upload;
  }

  override async write(source: Readable, id: string, offset: number): Promise<number> {
    const row = await this.row(id);
    if (row.received !== offset) throw ERRORS.INVALID_OFFSET;
    const stored = await this.storage.put(source, { maxBytes: row.size - offset });
    if (stored.size === 0) {
      await this.storage.remove(stored.key);
      return offset;
    }
    // Another copy may have written at this offset meanwhile: the first to record wins.
    const recorded = await this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('driveResumable')
        .set({ received: offset + stored.size })
        .where('id', '=', id)
        .where('received', '=', offset)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto('driveResumableChunk')
        .values({ uploadId: id, start: offset, size: stored.size, storageKey: stored.key })
        .execute();
      return true;
    });
    if (!recorded) {
      await this.storage.remove(stored.key);
      throw ERRORS.INVALID_OFFSET;
    }
    return offset + stored.size;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.row(id);
    return new Upload({
      id,
      size: row.size,
      offset: row.received,
      metadata: JSON.parse(row.metadata) as Record<string, string>,
      creation_date: row.creationDate,
    });
  }

  /** The finished upload's bytes: its pieces one after the other. */
  async read(id: string): Promise<Readable> {
    const keys = (await this.chunks(id)).map((chunk) => chunk.storageKey);
    const storage = this.storage;
    return Readable.from(
      (async function* () {
        for (const key of keys) yield* storage.read(key);
      })(),
    );
  }

  override async remove(id: string): Promise<void> {
    await this.row(id);
    const chunks = await this.chunks(id);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('driveResumableChunk').where('uploadId', '=', id).execute();
      await trx.deleteFrom('driveResumable').where('id', '=', id).execute();
    });
    for (const chunk of chunks) await this.storage.remove(chunk.storageKey).catch(() => {});
  }

  override async deleteExpired(): Promise<number> {
    const expired = await this.db
      .selectFrom('driveResumable')
      .select('id')
      .where('expiresAt', '<', Date.now())
      .execute();
    for (const { id } of expired) await this.remove(id).catch(() => {});
    return expired.length;
  }

  override getExpiration(): number {
    return this.expiryMs;
  }

  private async row(id: string) {
    const row = await this.db
      .selectFrom('driveResumable')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return row;
  }

  private chunks(id: string) {
    return this.db
      .selectFrom('driveResumableChunk')
      .select(['storageKey', 'start'])
      .where('uploadId', '=', id)
      .orderBy('start')
      .execute();
  }
}
