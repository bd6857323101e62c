import { createHash } from 'node:crypto';
import { Readable, Transform, pipeline } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FileStorage } from './storage.js';
import { iso, type Clock } from '../../time.js';
import { AppError } from '../../http/errors.js';
import type { AuthStaff } from '../auth/session.js';
import { FileAccess, pictureIdOf, type FileFacts } from './access.js';
import { claimHold, heldPending, isPostgres, writeHold, type UploadHold } from './leases.js';
import { setFileUses, usedFiles, type FileOwnerTable } from './uses.js';
import {
  VirusQuarantine,
  VirusScanner,
  scanColumns,
  virusFound,
  type FindingFacts,
  type ScanResult,
  type ScanState,
} from './virus-scan.js';

export type { UploadHold } from './leases.js';

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
  /** Reused, and the uploader could read the old copy before (asked before the hold is taken). */
  known: boolean;
}

const SHA256 = /^[0-9a-f]{64}$/;

export class FileService {
  /** Who may read a stored file: the one rule every address asks. */
  readonly access: FileAccess;
  /** What is done with a virus found (its bytes removed, a finding and log row). */
  readonly quarantine: VirusQuarantine;

  constructor(
    private readonly db: Kysely<Database>,
    readonly storage: FileStorage,
    private readonly now: Clock,
    /** Scans every file before it is recorded (none: every file is stored unscanned). */
    readonly scanner: VirusScanner = new VirusScanner({ mode: 'off' }),
  ) {
    this.access = new FileAccess(db, now);
    this.quarantine = new VirusQuarantine(db, storage, now);
  }

  /**
   * Scans bytes just put under `key`, before they are recorded: infected ones are removed
   * and refused (422 检测到病毒：…，文件已隔离, VirusQuarantine); otherwise the columns
   * the file is recorded with (clean, or unscanned/pending when clamd could not say).
   */
  private async scanned(key: string, facts: FindingFacts) {
    const result = await this.scanner.scan(() => this.storage.read(key));
    if (result.state === 'infected') await this.quarantine.refuseUpload(key, facts, result);
    return scanColumns(result, this.now());
  }

  /**
   * Scans a stored file again (a rescan, a version restored) unless it was scanned clean
   * with `version`: an infected one is quarantined. Answers the result (undefined when
   * nothing was to do); a file quarantined before answers infected.
   */
  async scanAgain(fileId: number, version: string | null): Promise<ScanResult | undefined> {
    const file = await this.db
      .selectFrom('storedFile')
      .select([
        'id',
        'storageKey',
        'fileName',
        'size',
        'sha256',
        'createdBy',
        'scanState',
        'scanVersion',
        'virusName',
      ])
      .where('id', '=', fileId)
      .executeTakeFirst();
    if (!file) return undefined;
    if (file.scanState === 'infected') {
      return {
        state: 'infected',
        version: file.scanVersion ?? '',
        signature: file.virusName ?? '',
      };
    }
    if (version === null || (file.scanState === 'clean' && file.scanVersion === version)) {
      return undefined;
    }
    if (!(await this.storage.has(file.storageKey))) return undefined;
    const result = await this.scanner.scan(() => this.storage.read(file.storageKey));
    if (result.state === 'infected') {
      await this.quarantine.quarantine({ ...file, size: Number(file.size) }, result);
    } else if (result.state === 'clean') {
      // A scan that failed leaves the file as it was (a clean file is not taken from its readers).
      await this.db
        .updateTable('storedFile')
        .set(scanColumns(result, this.now()))
        .where('id', '=', file.id)
        .where('scanState', '<>', 'infected')
        .execute();
    }
    return result;
  }

  /**
   * Refuses a stored file that is to become an item's content again (a drive version
   * restored) when it carries a virus: scanned again first when it was not scanned clean
   * with the signatures clamd has now.
   */
  async assertNoVirus(fileId: number): Promise<void> {
    const result = await this.scanAgain(fileId, await this.scanner.version());
    if (result?.state === 'infected') throw new AppError(422, virusFound(result.signature));
  }

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
    const scan = await this.scanned(key, { ...input, size });
    return this.record(key, size, { ...input, scan });
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
    const { key, size, head } = await this.putKeepingHead(input, source);
    let mimeType: string;
    try {
      mimeType = await inspect(head);
    } catch (err) {
      await this.storage.remove(key);
      throw err;
    }
    const scan = await this.scanned(key, { ...input, size });
    return this.record(key, size, { ...input, mimeType, scan });
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
      /**
       * The pending use written with the file found or recorded (see claim);
       * without it (WebDAV's working files) an old copy is answered unclaimed.
       */
      hold?: UploadHold;
      /** Whether the uploader could read an old copy before this upload's hold (see `known`). */
      readable?: (fileId: number) => Promise<boolean>;
    },
    source: Readable,
  ): Promise<DeduplicatedFile> {
    const hash = createHash('sha256');
    const { key, size, head } = await this.putKeepingHead(input, source, (chunk) =>
      hash.update(chunk),
    );
    const sha256 = hash.digest('hex');
    let mimeType: string;
    let existing: StoredFile | undefined;
    try {
      mimeType = await input.inspect(head);
    } catch (err) {
      await this.storage.remove(key);
      throw err;
    }
    // Scanned before anything else: infected bytes never meet an old copy's holds.
    const scan = await this.scanned(key, { ...input, size, sha256 });
    try {
      existing = await this.findByHash(sha256);
    } catch (err) {
      await this.storage.remove(key);
      throw err;
    }
    // The old copy only when it is claimed: one deleted meanwhile leaves this copy to be kept.
    const hold = input.hold;
    const known = Boolean(existing && input.readable && (await input.readable(existing.id)));
    if (existing && (!hold || (await this.claim(existing.id, sha256, hold)))) {
      await this.storage.remove(key);
      return { file: existing, reused: true, known };
    }
    const file = await this.record(
      key,
      size,
      {
        fileName: input.fileName,
        mimeType,
        createdBy: input.createdBy,
        sha256,
        sharedByHash: true,
        scan,
      },
      input.hold,
    );
    return { file, reused: false, known: false };
  }

  /**
   * Puts a stream into storage as it arrives, keeping its first HEAD_BYTES for the type
   * check; `seen` is shown every chunk on the way (a hash).
   */
  private async putKeepingHead(
    input: { fileName: string; maxBytes?: number },
    source: Readable,
    seen?: (chunk: Buffer) => void,
  ): Promise<{ key: string; size: number; head: Buffer }> {
    const chunks: Buffer[] = [];
    let headSize = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (headSize < HEAD_BYTES) {
          chunks.push(chunk.subarray(0, HEAD_BYTES - headSize));
          headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
        }
        seen?.(chunk);
        done(null, chunk);
      },
    });
    const tapped = pipeline(source, tap, () => undefined);
    const { key, size } = await this.storage.put(tapped, {
      maxBytes: input.maxBytes,
      extension: extensionOf(input.fileName),
    });
    return { key, size, head: Buffer.concat(chunks) };
  }

  /** Takes a pending use of a file shared by hash, unless it was deleted first (leases.ts). */
  claim(fileId: number, sha256: string, hold: UploadHold): Promise<boolean> {
    return claimHold(this.db, this.now, fileId, sha256, hold);
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
      .where('scanState', '<>', 'infected')
      .orderBy('id')
      .limit(5)
      .execute();
    for (const file of candidates) {
      if (await this.storage.has(file.storageKey)) return file;
    }
    return undefined;
  }

  /**
   * The one delete of stored bytes: deletes a file (its row, then its bytes)
   * when `isUsed` says nothing uses it any more and no upload holds it
   * pending (an upload of the same bytes or a 秒传 not registered yet);
   * answers whether it was deleted. `isUsed` runs in the same transaction as
   * the delete, on the handle it is given, so an area can ask its own tables
   * (the drive: is any resource still pointing at it, since a copy shares the
   * file). On PostgreSQL the row is locked first, so a hold or use written
   * meanwhile (its foreign key waits for the lock) is either seen or finds
   * the file gone. Only a row this deleted removes bytes. A missing file
   * answers false.
   */
  async removeIfUnused(
    fileId: number,
    isUsed: (fileId: number, db: Kysely<Database>) => Promise<boolean>,
  ): Promise<boolean> {
    const key = await this.db.transaction().execute(async (trx) => {
      if (isPostgres(this.db)) {
        const locked = await trx
          .selectFrom('storedFile')
          .select('id')
          .where('id', '=', fileId)
          .forUpdate()
          .executeTakeFirst();
        if (!locked) return undefined;
      }
      if (await isUsed(fileId, trx)) return undefined;
      const row = await trx
        .deleteFrom('storedFile')
        .where('id', '=', fileId)
        .where((eb) => eb.not(heldPending(eb)))
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
      /** What the virus scan found (scanColumns). */
      scan: ReturnType<typeof scanColumns>;
    },
    /** A pending use written in the same transaction as the file. */
    hold?: UploadHold,
  ): Promise<StoredFile> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const row = await trx
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
            ...input.scan,
          })
          .returning(['id', 'storageKey', 'fileName', 'mimeType', 'size'])
          .executeTakeFirstOrThrow();
        if (hold) await writeHold(trx, this.now, row.id, hold);
        return row;
      });
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
   * A stored file with what the read rule starts from (its uploader, the
   * picture it is the thumbnail of): one query for the file addresses.
   */
  async findWithFacts(
    id: number,
  ): Promise<(StoredFile & FileFacts & { thumbFileId: number | null }) | undefined> {
    const row = await this.db
      .selectFrom('storedFile')
      .select((eb) => [
        'storedFile.id',
        'storedFile.storageKey',
        'storedFile.fileName',
        'storedFile.mimeType',
        'storedFile.size',
        'storedFile.thumbFileId',
        'storedFile.createdBy',
        'storedFile.scanState',
        'storedFile.virusName',
        pictureIdOf(eb),
      ])
      .where('storedFile.id', '=', id)
      .executeTakeFirst();
    return (
      row && { ...row, pictureId: row.pictureId ?? null, scanState: row.scanState as ScanState }
    );
  }

  /**
   * Records that item `objId` of `infoTable` uses exactly `fileIds` (body
   * pictures, cover, PDF, a photo ...), in the caller's transaction `db`.
   * A writer may only add files they may read (403 不能使用无权查看的文件):
   * naming a file's id in a body is never permission to it. Files the item
   * already uses stay without a check (an administrator editing a teacher's
   * draft); 'system' is a save the system vouches for (SaveOptions.onBehalf in
   * platform/publishing/save.ts: the seed, the importer, the test factories).
   */
  async recordUses(
    db: Kysely<Database>,
    writer: AuthStaff | 'system',
    infoTable: FileOwnerTable,
    objId: number,
    fileIds: ReadonlyArray<number | null | undefined>,
  ): Promise<void> {
    if (writer !== 'system') {
      const had = new Set(await usedFiles(db, infoTable, objId));
      const added = fileIds.filter((id): id is number => typeof id === 'number' && !had.has(id));
      await this.access.assertMayUse(writer, added, db);
    }
    await setFileUses(db, infoTable, objId, fileIds);
  }
}
