import type { Readable } from 'node:stream';
import type { DriveUpload } from '@school/common/api';
import { AppError } from '../../http/errors.js';
import type { AuthStaff } from '../auth/session.js';
import { allowedDriveName, type UploadService } from './upload.js';

/**
 * A check before a drive upload is accepted (the drive's per-person quota):
 * it throws an AppError to refuse (e.g. 413 网盘空间不足). `length` is the
 * upload's size in bytes (for a multipart upload, its request's length);
 * `metadata` holds at least `filename`.
 */
export type BeforeDriveUpload = (
  staff: AuthStaff,
  length: number,
  metadata: Readonly<Record<string, string>>,
) => Promise<void> | void;

/**
 * The rules every upload to the teaching drive follows, whichever way it
 * comes (one multipart request, or resumable through tus): the size limit,
 * the allowed names, the checks the drive adds, and the one way bytes are
 * stored (checked, hashed, kept once).
 */
export class DriveUploads {
  private readonly checks: BeforeDriveUpload[] = [];

  constructor(
    private readonly uploads: UploadService,
    /** Largest file in bytes (config.driveFileMaxBytes). */
    readonly maxBytes: number,
    beforeCreate?: BeforeDriveUpload,
  ) {
    if (beforeCreate) this.checks.push(beforeCreate);
  }

  /** Adds a check run before each upload is accepted (the drive's quota, as its services are built). */
  addBeforeCreate(check: BeforeDriveUpload): void {
    this.checks.push(check);
  }

  /** The refusal of a file over the limit. */
  tooLarge(): AppError {
    return new AppError(413, `文件过大，最大 ${Math.floor(this.maxBytes / 1024 / 1024)} MB`);
  }

  /**
   * Whether `staff` may start an upload of `length` bytes named `fileName`:
   * the cleaned name, or a refusal (size, extension, the drive's checks).
   */
  async admit(
    staff: AuthStaff,
    fileName: string,
    length: number,
    metadata: Readonly<Record<string, string>> = {},
  ): Promise<string> {
    if (length > this.maxBytes) throw this.tooLarge();
    const name = allowedDriveName(fileName);
    for (const check of this.checks) await check(staff, length, { ...metadata, filename: name });
    return name;
  }

  /**
   * 秒传: the drive's file with these bytes (hex SHA-256) when its size is
   * `size` too and `staff` may already read it, under the name `fileName`
   * (admitted first); undefined otherwise, the same whether the drive does
   * not hold the bytes or holds them for others only. A hash is never proof
   * of having the bytes (it may leak, e.g. from a checksum list): only an
   * upload of the bytes themselves, or a file one already reads, counts.
   */
  async byHash(
    staff: AuthStaff,
    fileName: string,
    sha256: string,
    size: number,
  ): Promise<DriveUpload | undefined> {
    return this.uploads.driveFileByHash({ fileName, sha256, reader: staff, size });
  }

  /** Stores an upload's bytes (checked by content, kept once per content). */
  save(staff: AuthStaff, fileName: string, source: Readable): Promise<DriveUpload> {
    return this.uploads.driveFile(
      { fileName, createdBy: staff.id, uploader: staff, maxBytes: this.maxBytes },
      source,
    );
  }
}
