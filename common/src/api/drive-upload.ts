import { MAIL_EXTENSIONS } from '../limits.js';
import { Maybe, Type, WordOf, call, type Static } from './shared.js';

/**
 * Uploads of the teaching drive (intranet.md §5 "Single upload", §7 "Uploads
 * go to ... api/resources/upload.do"): one file in the multipart field
 * `file`, or resumable through tus at `api/resources/tus/`. The same bytes
 * are stored once: an upload of bytes the drive already holds answers that
 * file (`reused`), without keeping a second copy.
 */

/** The drive's allowed extensions: the spec's one list (§5 "Allowed extensions"), as the mail's. */
export const DRIVE_EXTENSIONS = MAIL_EXTENSIONS;

export { DRIVE_UPLOAD_HEADERS } from '../limits.js';

/** A stored drive upload: the file's id to add a resource with, its address and size. */
export const DriveUpload = Type.Object({
  fileId: Type.Integer(),
  /** The name it was uploaded with. */
  fileName: Type.String(),
  /** api/files/<fileId>. */
  url: Type.String(),
  /** Bytes. */
  fileSize: Type.Integer(),
  /** The same bytes were already stored: fileId is that file. */
  reused: Type.Boolean(),
});
export type DriveUpload = Static<typeof DriveUpload>;

/** `api/resources/upload.do`: the body is multipart, not JSON; the call describes its answer. */
export const driveUploadCall = call(undefined, DriveUpload);

/**
 * `api/resources/uploadByHash.do` (秒传): a file the client has already hashed;
 * when the drive holds the same bytes (and size), they are the upload, with
 * nothing sent. `data` null: not held, upload the bytes.
 */
export const DriveUploadByHashBody = Type.Object({
  fileName: Type.String({ minLength: 1, maxLength: 255, errorMessage: '请选择文件' }),
  /** Hex SHA-256 of the whole file. */
  sha256: Type.String({ pattern: '^[0-9a-fA-F]{64}$', errorMessage: 'sha256 须为 64 位十六进制' }),
  fileSize: Type.Integer({ minimum: 1, errorMessage: '文件大小不正确' }),
});
export const driveUploadByHashCall = call(DriveUploadByHashBody, Maybe(DriveUpload));

/** `api/resources/upload.do?sType=1`: meant for one's own disk (its quota is checked first). */
export const DriveUploadQuery = Type.Object({
  sType: Type.Optional(WordOf(['0', '1'], 'sType 须为 0 或 1')),
});
