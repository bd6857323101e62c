import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { iso, type Clock } from '../../time.js';
import { writeOperLog } from '../oplog/service.js';
import type { VirusScanSettings } from '../../config.js';
import { ClamdStreamCut, ClamdUnreachable, clamdScan, clamdVersion } from './clamd.js';
import type { FileStorage } from './storage.js';

/**
 * A stored file's scan state: clean (clamd found nothing, with `scanVersion`); infected
 * (quarantined: its bytes are gone, nobody reads it); unscanned (未检测: stored while there
 * was no scanner — VIRUS_SCAN=off, or clamd not running, as without a signature database —
 * read under the usual rule, scanned by the rescan once clamd answers); pending (clamd was
 * there but this scan failed: its uploader's alone until the rescan passes it).
 */
export type ScanState = 'clean' | 'infected' | 'unscanned' | 'pending';

/** What an upload that carries a virus is answered (422), and a reader of a quarantined file. */
export const virusFound = (name: string) => `检测到病毒：${name}，文件已隔离`;

/** What a scan of some bytes found. */
export type ScanResult =
  | { state: 'clean'; version: string }
  | { state: 'infected'; version: string; signature: string }
  /** version: the signatures a file too large for clamd's stream limit was offered to. */
  | { state: 'unscanned'; version?: string }
  | { state: 'pending'; error: string };

/** The stored file's columns a scan result sets. */
export function scanColumns(result: ScanResult, at: Date) {
  return {
    scanState: result.state,
    scanVersion: 'version' in result ? (result.version ?? null) : null,
    scannedAt: result.state === 'unscanned' ? null : iso(at),
    virusName: result.state === 'infected' ? result.signature : null,
  };
}

/**
 * The virus scanner: clamd over its socket (INSTREAM), or none. Bytes are streamed from
 * storage, so local disk and S3 are scanned alike; clamd looks inside archives itself.
 */
export class VirusScanner {
  private warned = false;

  constructor(
    private readonly settings: VirusScanSettings,
    /** Where "clamd does not answer" is said (the app's log once it runs). */
    public log: { warn(message: string): void } = console,
  ) {}

  get enabled(): boolean {
    return this.settings.mode === 'clamd';
  }

  /** clamd's VERSION answer (`ClamAV 1.4.6/27001/…`), or null when it is off or not reachable. */
  async version(): Promise<string | null> {
    if (this.settings.mode === 'off') return null;
    try {
      return await clamdVersion(this.settings.address, this.settings.timeoutMs);
    } catch (err) {
      this.unreachable(err);
      return null;
    }
  }

  /** Scans the bytes `read` gives (asked only once clamd answered its version). */
  async scan(read: () => Readable): Promise<ScanResult> {
    if (this.settings.mode === 'off') return { state: 'unscanned' };
    const version = await this.version();
    if (version === null) return { state: 'unscanned' };
    try {
      const verdict = await clamdScan(this.settings.address, read(), this.settings.timeoutMs);
      this.warned = false;
      return verdict.found
        ? { state: 'infected', version, signature: verdict.signature }
        : { state: 'clean', version };
    } catch (err) {
      if (err instanceof ClamdUnreachable) {
        this.unreachable(err);
        return { state: 'unscanned' };
      }
      // Larger than clamd's StreamMaxLength (Debian's service: 25M): not scanned, as clamd
      // itself passes files over its MaxFileSize; 未检测 under the usual rule (a video of the
      // drive stays readable), offered again when the signatures change.
      if (err instanceof ClamdStreamCut) return { state: 'unscanned', version };
      return { state: 'pending', error: err instanceof Error ? err.message : String(err) };
    }
  }

  /** Says once (until clamd answers again) that files are stored 未检测. */
  private unreachable(err: unknown): void {
    if (this.warned) return;
    this.warned = true;
    if (this.settings.mode === 'off') return;
    const address = this.settings.address;
    const where = 'socket' in address ? address.socket : `${address.host}:${address.port}`;
    this.log.warn(
      `virus scanning: clamd at ${where} does not answer (${err instanceof Error ? err.message : err}); ` +
        'uploads are stored unscanned (未检测) until it does (is its signature database there?)',
    );
  }
}

/** Who stored the bytes a finding is about, and what they were. */
export interface FindingFacts {
  fileName: string;
  size: number;
  sha256?: string | null;
  createdBy?: number | null;
}

/**
 * What is done with a virus found: its bytes are deleted from storage (no quarantine copy
 * is kept: docs/security.md), a finding is recorded — the system administrators' to-do —
 * with an operation-log row in the same transaction. An upload is refused (422) with
 * 检测到病毒：<名称>，文件已隔离; a stored file found on a rescan keeps its row, marked
 * infected, so every address refuses it.
 */
export class VirusQuarantine {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly storage: FileStorage,
    private readonly now: Clock,
  ) {}

  /** An upload whose bytes (under `key`, not recorded) carry a virus: removed, recorded, refused. */
  async refuseUpload(
    key: string,
    facts: FindingFacts,
    result: Extract<ScanResult, { state: 'infected' }>,
  ): Promise<never> {
    await this.storage.remove(key);
    await this.db.transaction().execute((trx) => this.record(trx, null, facts, result, 'upload'));
    throw new AppError(422, virusFound(result.signature));
  }

  /** A stored file a rescan found infected: marked (in one transaction with its finding), bytes removed. */
  async quarantine(
    file: FindingFacts & { id: number; storageKey: string },
    result: Extract<ScanResult, { state: 'infected' }>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('storedFile')
        .set(scanColumns(result, this.now()))
        .where('id', '=', file.id)
        .execute();
      await this.record(trx, file.id, file, result, 'rescan');
    });
    await this.storage.remove(file.storageKey);
  }

  private async record(
    trx: Kysely<Database>,
    fileId: number | null,
    facts: FindingFacts,
    result: Extract<ScanResult, { state: 'infected' }>,
    foundBy: 'upload' | 'rescan',
  ): Promise<void> {
    const at = this.now();
    const { id } = await trx
      .insertInto('virusFinding')
      .values({
        fileId,
        fileName: facts.fileName.slice(0, 255),
        size: facts.size,
        sha256: facts.sha256 ?? null,
        virusName: result.signature.slice(0, 255),
        scanVersion: result.version.slice(0, 128),
        foundBy,
        uploadedBy: facts.createdBy ?? null,
        foundAt: iso(at),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const uploader =
      facts.createdBy == null
        ? undefined
        : await trx
            .selectFrom('staff')
            .select(['id', 'name'])
            .where('id', '=', facts.createdBy)
            .executeTakeFirst();
    // The operation log of findings (T_VIRUS_FINDING, objId the finding): who uploaded, what
    // was found (the note, shown after the step as the log table shows notes).
    await writeOperLog(trx, {
      staffId: uploader?.id ?? 0,
      staffName: uploader?.name ?? '系统',
      infoTable: 'T_VIRUS_FINDING',
      objId: id,
      operType: foundBy === 'upload' ? '上传检测到病毒' : '复查检测到病毒',
      note: result.signature,
      ip: null,
      at,
    });
  }
}
