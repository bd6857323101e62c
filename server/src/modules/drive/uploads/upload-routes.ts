import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { driveUploadCalls } from '@school/common/api';
import { staffOf } from '../../../http/auth.js';
import { route } from '../../../http/contract.js';
import { ok } from '../../../http/envelope.js';
import { badRequest } from '../../../http/errors.js';
import { tusRoutes, type SharedUploads } from '../../../platform/files/tus.js';
import { isTooLarge } from '../../../platform/files/upload-routes.js';
import type { UploadSweep } from '../../../platform/files/upload-sweep.js';
import type { DriveUploads } from './uploads.js';

/** Room a multipart body takes beyond its file (boundaries, the part's headers). */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Uploads of the teaching drive: the spec's single-file dialog,
 * `POST api/resources/upload.do` (multipart field `file`, streamed), and the
 * resumable uploads at `api/resources/tus/` (platform/files/tus.ts). Both follow the same
 * rules (DriveUploads) and keep the same bytes once.
 */
export const driveUploadRoutes: FastifyPluginAsyncTypebox<{
  drive: DriveUploads;
  dataDir: string;
  shared?: SharedUploads;
  uploadSweep?: UploadSweep;
}> = async (app, { drive, dataDir, shared, uploadSweep }) => {
  route(app, driveUploadCalls.upload, async (request) => {
    const staff = staffOf(request);
    if (!request.isMultipart()) throw badRequest('请选择文件');
    // Refused from its length alone when it says it is too large: nothing is read.
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > drive.maxBytes + MULTIPART_OVERHEAD) throw drive.tooLarge();
    // One byte over the limit reaches storage, which refuses it and keeps nothing.
    const part = await request.file({ limits: { fileSize: drive.maxBytes + 1, files: 1 } });
    if (!part) throw badRequest('请选择文件');
    try {
      // The request's length holds the file and a little more; the file itself is held to
      // the limit as it is stored.
      const fileName = await drive.admit(staff, part.filename, Math.min(length, drive.maxBytes), {
        sType: request.query.sType ?? '',
      });
      return ok(await drive.save(staff, fileName, part.file), '上传成功');
    } catch (err) {
      part.file.resume();
      throw isTooLarge(err) ? drive.tooLarge() : err;
    }
  });

  route(app, driveUploadCalls.uploadByHash, async (request) => {
    const staff = staffOf(request);
    const { fileName, sha256, fileSize } = request.body;
    const name = await drive.admit(staff, fileName, fileSize);
    const found = await drive.byHash(staff, name, sha256, fileSize);
    return found ? ok(found, '秒传成功') : ok(null, '请上传文件');
  });

  await app.register(tusRoutes, { drive, dataDir, shared, uploadSweep });
};
