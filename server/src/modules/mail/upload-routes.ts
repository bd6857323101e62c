import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { mailCalls, mailStreamCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { filePart, isTooLarge } from '../../platform/files/upload-routes.js';
import { UPLOAD_LIMITS, cleanFileName } from '../../platform/files/upload.js';
import { MAIL_FILE_MAX, type MailUploads } from './uploads.js';
import type { LargeFiles } from './large-files.js';
import type { FileService } from '../../platform/files/service.js';
import { sendBytes } from '../../platform/files/routes.js';
import { notFound } from '../../http/errors.js';

/**
 * `POST /api/email/upload[?kind=image]`: one file in the multipart field
 * `file`, streamed to storage and checked by its bytes against the mail's
 * extension list; a picture of the editor is decoded and re-encoded. The
 * upload is its uploader's until a mail that carries it is sent.
 */
export const mailUploadRoutes: FastifyPluginAsyncTypebox<{
  uploads: MailUploads;
  large: LargeFiles;
  files: FileService;
}> = async (app, { uploads, large, files }) => {
  route(app, mailStreamCalls.upload, async (request) => {
    const staff = staffOf(request);
    const image = request.query.kind === 'image';
    const maxBytes = image ? UPLOAD_LIMITS.image : MAIL_FILE_MAX;
    // One byte over the limit reaches storage, which refuses it and keeps nothing (a stream
    // cut at the limit would look complete); a picture is read whole and refused by the cut.
    const part = await filePart(request, image ? maxBytes : maxBytes + 1, '请选择要上传的文件');
    const tooLarge = () =>
      new AppError(413, `文件过大，最大 ${Math.round(maxBytes / 1024 / 1024)} MB`);
    try {
      const uploaded = image
        ? await uploads.picture(cleanFileName(part.filename), staff, await part.toBuffer())
        : await uploads.attachment(part.filename, staff, part.file);
      if (part.file.truncated) throw tooLarge();
      return ok(uploaded);
    } catch (err) {
      throw isTooLarge(err) ? tooLarge() : err;
    }
  });

  route(app, mailCalls.attachStored, async (request) => {
    const { fileId, fileName } = request.body;
    return ok(await uploads.attachStored(fileId, fileName, staffOf(request)), '添加成功');
  });

  // 超大附件: a plain link (the session cookie), read through the one file read rule.
  route(app, mailStreamCalls.largeFile, { sessionCookie: true }, async (request, reply) => {
    const { fileId, fileName } = await large.open(request.params.largeId, staffOf(request));
    const file = await files.find(fileId);
    if (!file || !(await files.storage.has(file.storageKey))) throw notFound('文件不存在');
    return sendBytes(files, request, reply, file, {
      disposition: 'attachment',
      cacheControl: 'private, no-cache',
      fileName,
    });
  });
};
