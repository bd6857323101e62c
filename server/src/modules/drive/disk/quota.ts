import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { inTransaction } from '../../../db/transaction.js';
import { AppError } from '../../../http/errors.js';
import type { UploadHolds } from '../../../platform/files/upload-sweep.js';
import { iso, type Clock } from '../../../time.js';

/** The file-use record of a drive upload (objId the uploader), until it is registered. */
export const DRIVE_UPLOAD = 'T_DRIVE_UPLOAD';
/** A resumable upload's record is dropped this long after it began (the tus store's expiry). */
const TUS_RECORD_MS = 24 * 60 * 60 * 1000;
/** The first key of the PostgreSQL advisory lock of a disk (the second is its owner). */
const DISK_LOCK = 16_006;

const megabytes = (bytes: number) => (bytes / 1048576).toFixed(2);

/** What a person's disk holds, in bytes. */
export interface DiskUsage {
  /**
   * Registered files of the disk, with its 回收站 and its files' versions (issue 19), and what
   * the person keeps over WebDAV: working files and dead properties.
   */
  used: number;
  /**
   * The person's drive uploads not registered yet, and resumable uploads
   * announced for the disk whose bytes still arrive (each kept at most a day).
   */
  pending: number;
  /** The quota (DRIVE_QUOTA_BYTES). */
  total: number;
}

/**
 * Each person's disk quota (DRIVE_QUOTA_BYTES), the same across processes and
 * under concurrency: a disk holds its registered files plus the person's
 * uploads still pending (stored but not registered, and resumable uploads
 * announced for the disk), so bytes uploaded and never registered count too
 * until the upload sweep removes them. Every check that goes on to write (a
 * registration, a copy into the disk, a resumable upload announced for it)
 * takes the disk's lock first, in its transaction: on PostgreSQL a
 * transaction-scoped advisory lock per owner, so two registrations into one
 * disk check and write one after the other; SQLite runs one write
 * transaction at a time anyway.
 */
export class DiskQuota {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly now: Clock,
    readonly totalBytes: number,
  ) {}

  /**
   * Holds the disk of `ownerId` until `trx` ends. Called before the check of
   * a write into the disk, in the write's transaction.
   */
  async lock(trx: Kysely<Database>, ownerId: number): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await sql`select pg_advisory_xact_lock(${DISK_LOCK}::int4, ${ownerId}::int4)`.execute(trx);
  }

  /**
   * The person's disk: registered bytes, pending bytes (leaving out the
   * uploads `registering` now, which are about to count as registered).
   */
  async usage(
    staffId: number,
    db: Kysely<Database> = this.db,
    registering: readonly number[] = [],
  ): Promise<DiskUsage> {
    const [registered, unregistered, arriving, binned, versions, working, dead] = await Promise.all(
      [
        bytesIn(db, 'driveResource', 'ownerId', staffId),
        db
          .selectFrom('fileUse')
          .innerJoin('storedFile', 'storedFile.id', 'fileUse.fileId')
          .select((eb) =>
            eb.fn.coalesce(eb.fn.sum<number>('storedFile.size'), eb.lit(0)).as('bytes'),
          )
          .where('fileUse.infoTable', '=', DRIVE_UPLOAD)
          .where('fileUse.objId', '=', staffId)
          .where((eb) => eb.not(driveHoldTaken(eb)))
          .$if(registering.length > 0, (qb) =>
            qb.where('fileUse.fileId', 'not in', [...registering]),
          )
          .executeTakeFirstOrThrow(),
        bytesIn(db, 'driveTusUpload', 'staffId', staffId),
        // Issue 19: the disk's 回收站 and its files' earlier versions hold stored bytes too.
        bytesIn(db, 'driveTrash', 'ownerId', staffId),
        versionBytes(db, staffId),
        // Issue 22: the working files a WebDAV client keeps, on the disk or in the library: each
        // counts for its uploader (the library has no quota of its own).
        bytesIn(db, 'davFile', 'uploaderId', staffId),
        // The dead properties the person set over WebDAV (on whatever item).
        bytesIn(db, 'davProperty', 'staffId', staffId),
      ],
    );
    return {
      used:
        Number(registered.bytes) +
        Number(binned.bytes) +
        Number(versions.bytes) +
        Number(working.bytes) +
        Number(dead.bytes),
      pending: Number(unregistered.bytes) + Number(arriving.bytes),
      total: this.totalBytes,
    };
  }

  /** 413 when `adding` bytes would take the person's disk past its quota. */
  async assertRoom(
    db: Kysely<Database>,
    staffId: number,
    adding: number,
    registering: readonly number[] = [],
  ): Promise<void> {
    const { used, pending, total } = await this.usage(staffId, db, registering);
    if (used + pending + adding <= total) return;
    const free = Math.max(0, total - used - pending);
    const held = pending > 0 ? `（其中尚未登记的上传 ${megabytes(pending)}M）` : '';
    throw new AppError(
      413,
      `我的网盘空间不足：剩余 ${megabytes(free)}M，需要 ${megabytes(adding)}M${held}`,
    );
  }

  /**
   * 413 when an upload meant for the library would take the person's
   * uploads not registered yet past the quota: they are kept a day, and a
   * day's worth is bounded too.
   */
  async assertPendingRoom(staffId: number, adding: number): Promise<void> {
    const { pending, total } = await this.usage(staffId);
    if (pending + adding <= total) return;
    throw new AppError(
      413,
      `尚未登记的上传已有 ${megabytes(pending)}M，再传 ${megabytes(adding)}M 将超过个人上限 ${megabytes(total)}M，请先登记已上传的文件`,
    );
  }

  /**
   * A resumable upload announced for the person's disk: checked against the
   * quota and counted as pending from now on, in one step per disk, so uploads
   * started at once cannot all pass.
   */
  async reserve(staffId: number, uploadId: string, size: number): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await this.lock(trx, staffId);
      await this.assertRoom(trx, staffId, size);
      await trx
        .insertInto('driveTusUpload')
        .values({ id: uploadId, staffId, size, createdAt: iso(this.now()) })
        .execute();
    });
  }

  /** A resumable upload ended (stored, dropped or refused): no longer counted as arriving. */
  async release(uploadId: string): Promise<void> {
    await this.db.deleteFrom('driveTusUpload').where('id', '=', uploadId).execute();
  }

  /** Drops the records of resumable uploads that began over a day ago (the tus store dropped them). */
  async dropExpired(now: Date): Promise<void> {
    await this.db
      .deleteFrom('driveTusUpload')
      .where('createdAt', '<', iso(new Date(now.getTime() - TUS_RECORD_MS)))
      .execute();
  }
}

/** The sizes of a person's rows of a table added up (0 for none); `owner` is whose they are. */
/** The bytes of the earlier versions of the files in a person's disk. */
export const versionBytes = (db: Kysely<Database>, staffId: number) =>
  db
    .selectFrom('driveVersion')
    .innerJoin('driveResource', 'driveResource.id', 'driveVersion.resourceId')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('driveVersion.size'), eb.lit(0)).as('bytes'))
    .where('driveResource.ownerId', '=', staffId)
    .executeTakeFirstOrThrow();

const bytesIn = (
  db: Kysely<Database>,
  table: 'driveResource' | 'driveTusUpload' | 'driveTrash' | 'davFile' | 'davProperty',
  owner: 'ownerId' | 'staffId' | 'uploaderId',
  staffId: number,
) =>
  db
    .selectFrom(table)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
    .where(owner, '=', staffId)
    .executeTakeFirstOrThrow();

/**
 * A drive upload is taken up once its uploader registered a resource over it,
 * and stays so while those bytes wait as a version of the uploader's or in a
 * 回收站 entry the uploader deleted or owns (issue 19): they count there, not as
 * pending too.
 */
export const driveHoldTaken: UploadHolds['taken'] = (eb) =>
  eb.or([
    eb.exists(
      eb
        .selectFrom('driveResource')
        .select('driveResource.id')
        .whereRef('driveResource.fileId', '=', 'fileUse.fileId')
        .whereRef('driveResource.uploaderId', '=', 'fileUse.objId'),
    ),
    eb.exists(
      eb
        .selectFrom('driveVersion')
        .select('driveVersion.id')
        .whereRef('driveVersion.fileId', '=', 'fileUse.fileId')
        .whereRef('driveVersion.uploaderId', '=', 'fileUse.objId'),
    ),
    eb.exists(
      eb
        .selectFrom('fileUse as trashUse')
        .innerJoin('driveTrash', 'driveTrash.id', 'trashUse.objId')
        .select('trashUse.objId')
        .whereRef('trashUse.fileId', '=', 'fileUse.fileId')
        .where('trashUse.infoTable', '=', 'T_DRIVE_TRASH')
        .where((inner) =>
          inner.or([
            inner('driveTrash.deletedBy', '=', inner.ref('fileUse.objId')),
            inner('driveTrash.ownerId', '=', inner.ref('fileUse.objId')),
          ]),
        ),
    ),
  ]);
