import type { Readable } from 'node:stream';
import type { DriveUpload } from '@school/common/api';
import { AppError } from '../../http/errors.js';
import type { AuthStaff } from '../auth/session.js';
import { storePicture } from './picture-upload.js';
import { fileUrl, type FileService, type StoredFile } from './service.js';
import {
  DRIVE_EXTENSION_SET,
  HEAD_BYTES,
  MB,
  UPLOAD_LIMITS,
  allowedName,
  cleanFileName,
  contentCheck,
  inspectKind,
  type UploadKind,
  type UploadedFile,
} from './upload-checks.js';

export {
  UPLOAD_KINDS,
  UPLOAD_LIMITS,
  allowedDriveName,
  allowedName,
  cleanFileName,
  type UploadKind,
  type UploadedFile,
} from './upload-checks.js';

/** A stored attachment as the upload calls answer it (no picture sizes). */
const uploadedFile = (stored: StoredFile): UploadedFile => ({
  fileId: stored.id,
  fileName: stored.fileName,
  url: fileUrl(stored.id),
  thumbUrl: fileUrl(stored.id),
  size: stored.size,
  mimeType: stored.mimeType,
  width: null,
  height: null,
});

/** The upload's name if `extensions` allows it; else the refusal, with the unread body drained. */
function allowedNameOrDrain(name: string, extensions: ReadonlySet<string>, source: Readable) {
  try {
    return allowedName(name, extensions);
  } catch (err) {
    source.resume();
    throw err;
  }
}

/**
 * Stores uploads: the content platform's kinds, an area's attachments, drive files (kept
 * once per content) and 秒传. What bytes each may hold is upload-checks.ts; pictures are
 * re-encoded by picture-upload.ts.
 */
export class UploadService {
  constructor(private readonly files: FileService) {}

  async upload(
    kind: UploadKind,
    /** createdBy null: nobody's upload (the site importer's files, used by what it imports). */
    input: { fileName: string; createdBy: number | null },
    source: Readable & { truncated?: boolean },
    readAll: () => Promise<Buffer>,
  ): Promise<UploadedFile> {
    const fileName = cleanFileName(input.fileName);
    if (kind === 'image') return this.image(fileName, input.createdBy, await readAll());
    const stored = await this.files.saveInspected(
      { fileName, createdBy: input.createdBy, maxBytes: UPLOAD_LIMITS[kind] },
      source,
      (head) => inspectKind(kind, fileName, head),
    );
    return uploadedFile(stored);
  }

  /**
   * An attachment whose extension is among `extensions` (an area's own list),
   * streamed to storage and checked by its bytes.
   */
  async attachment(
    input: { fileName: string; createdBy: number | null; maxBytes: number },
    extensions: ReadonlySet<string>,
    source: Readable,
  ): Promise<UploadedFile> {
    const fileName = allowedNameOrDrain(input.fileName, extensions, source);
    const stored = await this.files.saveInspected(
      { fileName, createdBy: input.createdBy, maxBytes: input.maxBytes },
      source,
      contentCheck(fileName),
    );
    return uploadedFile(stored);
  }

  /**
   * A file of the teaching drive: its extension among the spec's list, its
   * bytes checked against it, kept once per content (an upload of bytes the
   * drive already holds answers that file), recorded as the uploader's drive
   * upload (T_DRIVE_UPLOAD: theirs, since they sent the bytes). `reused` is
   * said only when the uploader could read the held file already: it never
   * tells whether somebody else keeps the same bytes.
   */
  async driveFile(
    input: {
      fileName: string;
      createdBy: number;
      maxBytes: number;
      /** The uploader's session: `reused` is answered for them (the seed has none). */
      uploader?: AuthStaff;
    },
    source: Readable,
  ): Promise<DriveUpload> {
    const fileName = allowedNameOrDrain(input.fileName, DRIVE_EXTENSION_SET, source);
    const uploader = input.uploader;
    const { file, known } = await this.files.saveDeduplicated(
      {
        fileName,
        createdBy: input.createdBy,
        maxBytes: input.maxBytes,
        inspect: contentCheck(fileName),
        hold: { table: 'T_DRIVE_UPLOAD', objId: input.createdBy },
        readable: uploader && ((fileId) => this.readable(fileId, uploader)),
      },
      source,
    );
    return {
      fileId: file.id,
      fileName,
      url: fileUrl(file.id),
      fileSize: file.size,
      reused: known,
    };
  }

  /**
   * 秒传: the drive file with these bytes (hex SHA-256), under a new name,
   * without sending them again; undefined when the drive does not hold them.
   * The stored bytes are checked against the new name's extension; the file
   * is recorded as the person's drive upload (T_DRIVE_UPLOAD), pending until
   * registered, in one transaction with finding the file again: bytes deleted
   * meanwhile answer undefined, as unknown ones (leases.ts).
   */
  async driveFileByHash(input: {
    fileName: string;
    sha256: string;
    reader: AuthStaff;
    /** The size the client knows: another one is not the same file. */
    size?: number;
  }): Promise<DriveUpload | undefined> {
    const fileName = allowedName(input.fileName, DRIVE_EXTENSION_SET);
    const file = await this.files.findByHash(input.sha256);
    if (!file || (input.size !== undefined && file.size !== input.size)) return undefined;
    // Only bytes the person may read already: else the same answer as for unknown bytes.
    if (!(await this.readable(file.id, input.reader))) return undefined;
    const head: Buffer[] = [];
    for await (const chunk of this.files.storage.read(file.storageKey, {
      start: 0,
      end: HEAD_BYTES - 1,
    })) {
      head.push(chunk as Buffer);
    }
    await contentCheck(fileName)(Buffer.concat(head));
    const hold = { table: 'T_DRIVE_UPLOAD', objId: input.reader.id } as const;
    if (!(await this.files.claim(file.id, input.sha256, hold))) return undefined;
    return { fileId: file.id, fileName, url: fileUrl(file.id), fileSize: file.size, reused: true };
  }

  /** Whether `reader` may read a stored file under the one read rule. */
  private async readable(fileId: number, reader: AuthStaff): Promise<boolean> {
    const facts = await this.files.access.facts(fileId);
    return Boolean(facts && (await this.files.access.verdict(facts, reader)).ok);
  }

  /** A picture, re-encoded, with its thumbnail (picture-upload.ts). */
  image(fileName: string, createdBy: number | null, bytes: Buffer): Promise<UploadedFile> {
    return storePicture(this.files, fileName, createdBy, bytes);
  }
}

export const tooLarge = (kind: UploadKind) =>
  new AppError(413, `文件过大，最大 ${Math.round(UPLOAD_LIMITS[kind] / MB)} MB`);
