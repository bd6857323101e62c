import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { staffCalls } from '@school/common/api';
import type { FastifyRequest } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import type { StaffHandover } from './staff-handover.js';
import type { CmsStaffService, StaffSaveInput } from './staff-service.js';

/**
 * Forms send the departments as one comma-joined field (`3,7`; '' for none),
 * as the specs' pages send id lists; JSON bodies send the array itself. An
 * empty isAdmin ('', a text field) is the same as not sent.
 */
async function normaliseSaveBody(request: FastifyRequest) {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object') return;
  if (body.isAdmin === '') delete body.isAdmin;
  if (typeof body.deptIds === 'string') {
    const parts = body.deptIds.split(',').map((part) => part.trim());
    if (parts.some((part) => part && !/^\d+$/.test(part))) throw badRequest('所属部门不正确');
    body.deptIds = parts.filter(Boolean).map(Number);
  }
}

/**
 * The staff-account calls of the content-management platform (administrator
 * role only, checked by the service): list, get, save, reset password,
 * enable / disable and delete. No answer ever holds a password or its hash.
 */
export const cmsStaffRoutes: FastifyPluginAsyncTypebox<{
  cmsStaff: CmsStaffService;
  handover: StaffHandover;
}> = async (app, { cmsStaff, handover }) => {
  route(app, staffCalls.list, async (request) => {
    const { keyword, deptId, staffType, status, pageNum, pageSize } = request.body;
    return ok(
      await cmsStaff.list({ keyword, deptId, staffType, status }, staffOf(request), {
        pageNum,
        pageSize,
      }),
    );
  });

  route(app, staffCalls.get, async (request) =>
    ok(await cmsStaff.get(request.body.staffId, staffOf(request))),
  );

  route(app, staffCalls.save, { preValidation: normaliseSaveBody }, async (request) => {
    const body = request.body;
    const input: StaffSaveInput = {
      staffId: body.staffId,
      staffCode: body.staffCode,
      staffName: body.staffName,
      staffType: body.staffType,
      isPower: body.isPower,
      isAdmin: body.isAdmin,
      email: body.email,
      phone: body.phone,
      sort: body.sort,
      deptIds: body.deptIds,
      primaryDeptId: body.primaryDeptId,
      password: body.staffPass,
    };
    const staffId = await cmsStaff.save(input, staffOf(request), request.ip);
    return ok({ staffId }, '保存成功');
  });

  route(app, staffCalls.resetPassword, async (request) => {
    const { staffId, newStaffPass } = request.body;
    await cmsStaff.resetPassword(staffId, newStaffPass, staffOf(request), request.ip);
    return ok(null, '密码已重置');
  });

  route(app, staffCalls.handover, async (request) => {
    const { staffId, receiverId, shares } = request.body;
    const report = await handover.handOver(
      { staffId, receiverId, shares },
      staffOf(request),
      request.ip,
    );
    return ok(report, '离职交接已完成');
  });

  route(app, staffCalls.handoverReport, async (request) =>
    ok(await handover.report(request.body.staffId, staffOf(request))),
  );

  route(app, staffCalls.setStatus, async (request) => {
    const { staffId, status } = request.body;
    const result = await cmsStaff.setStatus(staffId, status, staffOf(request), request.ip);
    return ok(result, status === 1 ? '已启用' : '已停用');
  });

  route(app, staffCalls.remove, async (request) => {
    await cmsStaff.delete(request.body.staffId, staffOf(request), request.ip);
    return ok(null, '删除成功');
  });
};
