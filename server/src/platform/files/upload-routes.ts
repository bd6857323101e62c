import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { filesCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { FileTooLargeError } from './storage.js';
import { UPLOAD_LIMITS, tooLarge, type UploadService } from './upload.js';

/**
 * `POST /api/cms/upload?kind=image|video|pdf|attachment`: one file in the
 * multipart field `file`, streamed to storage, checked by its bytes. Any
 * logged-in staff member may upload; what an upload may be attached to is
 * checked when the item is saved.
 */
export const uploadRoutes: FastifyPluginAsyncTypebox<{ uploads: UploadService }> = async (
  app,
  { uploads },
) => {
  route(app, filesCalls.upload, async (request) => {
    const staff = staffOf(request);
    const { kind } = request.query;
    // One byte over the limit reaches storage, which refuses it and keeps nothing (a stream
    // cut at the limit would look complete); a picture is read whole and refused by the cut.
    const limit = UPLOAD_LIMITS[kind] + (kind === 'image' ? 0 : 1);
    const part = await filePart(request, limit, '请选择要上传的文件');
    try {
      const uploaded = await uploads.upload(
        kind,
        { fileName: part.filename, createdBy: staff.id },
        part.file,
        () => part.toBuffer(),
      );
      if (part.file.truncated) throw tooLarge(kind);
      return ok(uploaded);
    } catch (err) {
      throw isTooLarge(err) ? tooLarge(kind) : err;
    }
  });
};

/**
 * The one file of a multipart upload (field `file`), held to `fileSize` bytes; 400 with
 * `missing` when the request carries none.
 */
export async function filePart(
  request: FastifyRequest,
  fileSize: number,
  missing: string,
): Promise<MultipartFile> {
  if (!request.isMultipart()) throw badRequest(missing);
  const part = await request.file({ limits: { fileSize, files: 1 } });
  if (!part) throw badRequest(missing);
  return part;
}

/** Whether an upload failed by its size: storage's limit, or the multipart parser's. */
export const isTooLarge = (err: unknown) =>
  err instanceof FileTooLargeError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
