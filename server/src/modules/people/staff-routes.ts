import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { staffCalls } from '@school/common/api';
import type { FastifyRequest } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { routeSchema } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
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
export const cmsStaffRoutes: FastifyPluginAsyncTypebox<{ cmsStaff: CmsStaffService }> = async (
  app,
  { cmsStaff },
) => {
  // Before the body is read: an anonymous call is refused whatever it sends.
  app.addHook('onRequest', app.requireStaff);

  app.post(
    '/cms/staff/list',
    {
      schema: routeSchema(staffCalls.list, {
        summary: '内容管理：用户列表（关键字匹配姓名、工号、电话；部门含其下级部门）',
        tags: ['cms'],
      }),
    },
    async (request) => {
      const { keyword, deptId, staffType, status, pageNum, pageSize } = request.body;
      return ok(
        await cmsStaff.list({ keyword, deptId, staffType, status }, staffOf(request), {
          pageNum,
          pageSize,
        }),
      );
    },
  );

  app.post(
    '/cms/staff/get',
    {
      schema: routeSchema(staffCalls.get, {
        summary: '内容管理：一个用户（编辑表单用，不含密码）',
        tags: ['cms'],
      }),
    },
    async (request) => ok(await cmsStaff.get(request.body.staffId, staffOf(request))),
  );

  app.post(
    '/cms/staff/save',
    {
      preValidation: normaliseSaveBody,
      schema: routeSchema(staffCalls.save, {
        summary:
          '内容管理：新增（无 staffId，须带初始密码 staffPass）或编辑用户；deptIds 为数组或逗号分隔，primaryDeptId 为主部门',
        tags: ['cms'],
      }),
    },
    async (request) => {
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
    },
  );

  app.post(
    '/cms/staff/resetPassword',
    {
      schema: routeSchema(staffCalls.resetPassword, {
        summary: '内容管理：重置密码（须符合密码强度规则；用户下次登录须修改密码，其登录全部失效）',
        tags: ['cms'],
      }),
    },
    async (request) => {
      const { staffId, newStaffPass } = request.body;
      await cmsStaff.resetPassword(staffId, newStaffPass, staffOf(request), request.ip);
      return ok(null, '密码已重置');
    },
  );

  app.post(
    '/cms/staff/setStatus',
    {
      schema: routeSchema(staffCalls.setStatus, {
        summary: '内容管理：启用（status 1）或停用（status 0）用户；停用后其登录立即失效',
        tags: ['cms'],
      }),
    },
    async (request) => {
      const { staffId, status } = request.body;
      const result = await cmsStaff.setStatus(staffId, status, staffOf(request), request.ip);
      return ok(result, status === 1 ? '已启用' : '已停用');
    },
  );

  app.post(
    '/cms/staff/delete',
    {
      schema: routeSchema(staffCalls.remove, {
        summary: '内容管理：删除用户（发布过内容的用户不能删除，请停用）',
        tags: ['cms'],
      }),
    },
    async (request) => {
      await cmsStaff.delete(request.body.staffId, staffOf(request), request.ip);
      return ok(null, '删除成功');
    },
  );
};
