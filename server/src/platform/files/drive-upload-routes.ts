import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DriveUploadQuery, driveUploadByHashCall, driveUploadCall } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { routeSchema } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import type { DriveUploads } from './drive-uploads.js';
import type { UploadSweep } from './upload-sweep.js';
import { FileTooLargeError } from './storage.js';
import { tusRoutes } from './tus.js';

/** Room a multipart body takes beyond its file (boundaries, the part's headers). */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Uploads of the teaching drive: the spec's single-file dialog,
 * `POST api/resources/upload.do` (multipart field `file`, streamed), and the
 * resumable uploads at `api/resources/tus/` (tus.ts). Both follow the same
 * rules (DriveUploads) and keep the same bytes once.
 */
export const driveUploadRoutes: FastifyPluginAsyncTypebox<{
  drive: DriveUploads;
  dataDir: string;
  uploadSweep?: UploadSweep;
}> = async (app, { drive, dataDir, uploadSweep }) => {
  app.post(
    '/resources/upload.do',
    {
      config: { access: 'staff' },
      schema: {
        ...routeSchema(driveUploadCall, {
          tags: ['drive'],
          summary:
            '网盘上传一个文件（multipart 字段 file，格式见允许的扩展名，按内容检查；相同内容只存一份，reused 为 true）；sType=1 为传到我的网盘（先查个人空间）',
        }),
        querystring: DriveUploadQuery,
      },
    },
    async (request) => {
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
        const code = (err as { code?: string }).code;
        if (err instanceof FileTooLargeError || code === 'FST_REQ_FILE_TOO_LARGE') {
          throw drive.tooLarge();
        }
        throw err;
      }
    },
  );

  app.post(
    '/resources/uploadByHash.do',
    {
      config: { access: 'staff' },
      schema: routeSchema(driveUploadByHashCall, {
        tags: ['drive'],
        summary:
          '秒传：网盘已有相同内容（SHA-256 与大小）的文件时直接使用，不再上传；data 为 null 时请上传文件',
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      const { fileName, sha256, fileSize } = request.body;
      const name = await drive.admit(staff, fileName, fileSize);
      const found = await drive.byHash(staff, name, sha256, fileSize);
      return found ? ok(found, '秒传成功') : ok(null, '请上传文件');
    },
  );

  await app.register(tusRoutes, { drive, dataDir, uploadSweep });
};
