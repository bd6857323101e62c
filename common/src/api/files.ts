import { Maybe, Type, WordOf, call, type Static, ID_MAX } from './shared.js';

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

/** The upload's body is the multipart field `file`, not JSON: the call describes its answer. */
export const filesCalls = {
  upload: call(undefined, UploadedFile),
};
