import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { STAFF_IMPORT_MAX_BYTES, staffImportCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { AppError, badRequest } from '../../http/errors.js';
import { filePart } from '../../platform/files/upload-routes.js';
import type { StaffImportService } from './staff-import.js';
import { templateWorkbook } from './staff-workbooks.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const SHEET_TOO_LARGE_MESSAGE = `文件过大，人员表最大 ${STAFF_IMPORT_MAX_BYTES / 1024 / 1024} MB`;
const NO_FILE_MESSAGE = '请选择要导入的人员表';

function sendSheet(reply: FastifyReply, fileName: string, bytes: Buffer) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'no-store')
    .send(bytes);
}

/** 人员导入 in the content-management platform (the administrator role, at the door too). */
export const staffImportRoutes: FastifyPluginAsyncTypebox<{
  staffImport: StaffImportService;
}> = async (app, { staffImport }) => {
  route(app, staffImportCalls.template, { sessionCookie: true }, async (_request, reply) =>
    sendSheet(reply, '人员导入模板.xlsx', await templateWorkbook()),
  );

  route(app, staffImportCalls.preview, async (request) => {
    const staff = staffOf(request);
    const part = await filePart(request, STAFF_IMPORT_MAX_BYTES, NO_FILE_MESSAGE);
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(413, SHEET_TOO_LARGE_MESSAGE);
      }
      throw err;
    }
    if (part.file.truncated) throw new AppError(413, SHEET_TOO_LARGE_MESSAGE);
    if (!bytes.length) throw badRequest(NO_FILE_MESSAGE);
    return ok(await staffImport.preview(staff, part.filename || '人员表', bytes));
  });

  route(app, staffImportCalls.apply, async (request) => {
    const { importId, skipErrors } = request.body;
    const result = await staffImport.apply(
      staffOf(request),
      importId,
      skipErrors === 1,
      request.ip,
    );
    return ok(result, '导入成功');
  });

  route(app, staffImportCalls.passwords, { sessionCookie: true }, async (request, reply) => {
    const { importId, downloadToken } = request.query;
    const bytes = await staffImport.passwords(staffOf(request), importId, downloadToken);
    return sendSheet(reply, '初始密码.xlsx', bytes);
  });
};
