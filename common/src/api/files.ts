import {
  FileField,
  Maybe,
  Nothing,
  Type,
  WordOf,
  endpoints,
  rawEndpoint,
  type Static,
  ID_MAX,
} from './shared.js';

/**
 * Stored files: the upload call of the platform (api/cms/upload, an envelope)
 * and what the file-reading calls (api/files/:id, api/news/uploadnewfile.do)
 * take; those answer the file's bytes, not an envelope.
 */

/** What an upload may be: a picture, a video, a PDF or any other attachment. */
export const UPLOAD_KINDS = ['image', 'video', 'pdf', 'attachment'] as const;

const FileId = Type.Integer({ minimum: 1, maximum: ID_MAX, errorMessage: '文件编号不正确' });

/** `api/files/:id`: the file's id in the path. */
export const FileParams = Type.Object({ id: FileId });
/** `api/files/:id?variant=thumb`: a picture's thumbnail. */
export const FileQuery = Type.Object({
  variant: Type.Optional(WordOf(['thumb'], 'variant 只能为 thumb')),
});
/** `api/news/uploadnewfile.do?FILE_ID=`: an attachment's download. */
export const DownloadQuery = Type.Object({ FILE_ID: FileId });
/** `api/cms/upload?kind=`. */
export const UploadQuery = Type.Object({ kind: WordOf(UPLOAD_KINDS, '上传类型不正确') });

/** A stored upload: its id to save with an item, its address and (pictures) size in pixels. */
export const UploadedFile = Type.Object({
  fileId: Type.Integer(),
  fileName: Type.String(),
  url: Type.String(),
  thumbUrl: Type.String(),
  size: Type.Integer(),
  mimeType: Type.String(),
  width: Maybe(Type.Integer()),
  height: Maybe(Type.Integer()),
});
export type UploadedFile = Static<typeof UploadedFile>;

/** The file an upload sends (multipart field `file`), read by the server as it streams in. */
export const UploadForm = Type.Object({ file: FileField('要上传的文件（必填）') });

/**
 * api/cms/upload (multipart, answered in an envelope) and the addresses of
 * stored files (answered with the bytes; an error with an envelope).
 */
export const filesCalls = endpoints('file', {
  upload: rawEndpoint(
    '/cms/upload',
    'staff',
    '上传文件（图片、视频、PDF、附件）',
    { query: UploadQuery, form: UploadForm },
    UploadedFile,
  ),
  file: rawEndpoint(
    '/files/:id',
    'public',
    '文件（图片、视频、PDF 在页面中显示）；variant=thumb 为图片的缩略图',
    { method: 'GET', params: FileParams, query: FileQuery, produces: 'application/octet-stream' },
    Nothing,
  ),
  download: rawEndpoint(
    '/news/uploadnewfile.do',
    'public',
    '附件下载',
    { method: 'GET', query: DownloadQuery, produces: 'application/octet-stream' },
    Nothing,
  ),
});
