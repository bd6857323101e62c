import type { Readable } from 'node:stream';
import type { DriveUpload } from '@school/common/api';
import { AppError } from '../../../http/errors.js';
import type { AuthStaff } from '../../../platform/auth/session.js';
import type { ResumableTarget } from '../../../platform/files/tus.js';
import { allowedDriveName, type UploadService } from '../../../platform/files/upload.js';

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
  /** A resumable upload's id (tus), whose end is told to the `addOnEnd` hooks; else undefined. */
  uploadId?: string,
) => Promise<void> | void;

/**
 * The rules every upload to the teaching drive follows, whichever way it
 * comes (one multipart request, or resumable through tus): the size limit,
 * the allowed names, the checks the drive adds, and the one way bytes are
 * stored (checked, hashed, kept once).
 */
export class DriveUploads implements ResumableTarget {
  private readonly checks: BeforeDriveUpload[] = [];
  private readonly endings: Array<(uploadId: string) => Promise<void>> = [];
  private readonly storings: Array<(staff: AuthStaff, upload: DriveUpload) => Promise<void>> = [];

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

  /**
   * Adds a hook told when a resumable upload ends, stored, dropped or refused
   * (the drive stops counting it against the disk).
   */
  addOnEnd(hook: (uploadId: string) => Promise<void>): void {
    this.endings.push(hook);
  }

  /** Adds a hook run on each stored upload and 秒传 (the drive marks when its hold began). */
  addOnStored(hook: (staff: AuthStaff, upload: DriveUpload) => Promise<void>): void {
    this.storings.push(hook);
  }

  /** A resumable upload admitted with `uploadId` ended. */
  async ended(uploadId: string): Promise<void> {
    for (const hook of this.endings) await hook(uploadId);
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
    uploadId?: string,
  ): Promise<string> {
    if (length > this.maxBytes) throw this.tooLarge();
    const name = allowedDriveName(fileName);
    for (const check of this.checks) {
      await check(staff, length, { ...metadata, filename: name }, uploadId);
    }
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
    const found = await this.uploads.driveFileByHash({ fileName, sha256, reader: staff, size });
    return found && this.stored(staff, found);
  }

  /** Stores an upload's bytes (checked by content, kept once per content). */
  async save(staff: AuthStaff, fileName: string, source: Readable): Promise<DriveUpload> {
    const upload = await this.uploads.driveFile(
      { fileName, createdBy: staff.id, uploader: staff, maxBytes: this.maxBytes },
      source,
    );
    return this.stored(staff, upload);
  }

  private async stored(staff: AuthStaff, upload: DriveUpload): Promise<DriveUpload> {
    for (const hook of this.storings) await hook(staff, upload);
    return upload;
  }
}
