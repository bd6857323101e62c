import { DRIVE_FILE_EXTENSIONS } from '../limits.js';
import {
  FolderZipParams,
  ResourceFileParams,
  ResourceFileQuery,
  SelectionZipQuery,
} from './drive.js';
import {
  FileField,
  Maybe,
  Type,
  WordOf,
  endpoint,
  endpoints,
  Nothing,
  rawEndpoint,
  type Static,
} from './shared.js';

/**
 * Uploads of the teaching drive (intranet.md §5 "Single upload", §7 "Uploads
 * go to ... api/resources/upload.do"): one file in the multipart field
 * `file`, or resumable through tus at `api/resources/tus/`. The same bytes
 * are stored once: an upload of bytes the drive already holds answers that
 * file (`reused`), without keeping a second copy.
 */

/** The drive's allowed extensions: the spec's list (§5 "Allowed extensions") and OpenDocument. */
export const DRIVE_EXTENSIONS = DRIVE_FILE_EXTENSIONS;

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

/** `api/resources/upload.do?sType=1`: meant for one's own disk (its quota is checked first). */
export const DriveUploadQuery = Type.Object({
  sType: Type.Optional(WordOf(['0', '1'], 'sType 须为 0 或 1')),
});

/**
 * The drive's uploads: upload.do (multipart, streamed) and 秒传 (a form).
 * The resumable uploads at api/resources/tus/ follow the tus protocol and are
 * not calls of the contract.
 */
export const driveUploadCalls = endpoints('drive', {
  upload: rawEndpoint(
    '/resources/upload.do',
    'staff',
    '网盘上传一个文件（multipart 字段 file，格式见允许的扩展名，按内容检查；相同内容只存一份，reused 为 true）；sType=1 为传到我的网盘（先查个人空间）',
    { query: DriveUploadQuery, form: Type.Object({ file: FileField('要上传的文件（必填）') }) },
    DriveUpload,
  ),
  uploadByHash: endpoint(
    '/resources/uploadByHash.do',
    'staff',
    '秒传：网盘已有相同内容（SHA-256 与大小）的文件时直接使用，不再上传；data 为 null 时请上传文件',
    DriveUploadByHashBody,
    Maybe(DriveUpload),
  ),
});

/** The drive's files as bytes: one file (shown or downloaded) and a folder as one zip. */
export const driveFileCalls = endpoints('drive', {
  folderZip: rawEndpoint(
    '/resources/folderZip/:fId',
    'owner',
    '打包下载：文件夹及其下级中本人可见的文件，一个 zip（中文文件名，各系统可用的名称）；超过上限（文件数或压缩前大小）时 413，不开始下载（先问 folderZipInfo）',
    { method: 'GET', params: FolderZipParams, produces: 'application/zip' },
    Nothing,
  ),
  selectionZip: rawEndpoint(
    '/resources/selectionZip',
    'owner',
    '打包下载所选：所选文件（resourcesId，逗号分隔）在 zip 的最上层，所选文件夹（fId）各为一个目录，含下级中本人可见的文件；所选的每一项都须本人可见（否则 403 / 404，不开始下载）；超过上限时 413（先问 selectionZipInfo）',
    { method: 'GET', query: SelectionZipQuery, produces: 'application/zip' },
    Nothing,
  ),
  file: rawEndpoint(
    '/resources/file/:resourcesId',
    'owner',
    '网盘文件（可预览的在页面中显示；download=1 为下载），按资源名称命名',
    {
      method: 'GET',
      params: ResourceFileParams,
      query: ResourceFileQuery,
      produces: 'application/octet-stream',
    },
    Nothing,
  ),
});
