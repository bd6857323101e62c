import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { envelopeSchema, nullSchema, ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { pageFields, pageSchema, type Paging } from '../../http/paging.js';
import type { CmsStaffService, StaffSaveInput } from './staff-service.js';

const STAFF_ID = { type: 'integer', minimum: 1, errorMessage: '请选择用户' } as const;
const STAFF_TYPE = {
  type: 'integer',
  enum: [2, 5],
  errorMessage: '请选择身份（2 老师，5 管理员）',
} as const;
const STATUS = { type: 'integer', enum: [0, 1], errorMessage: '状态须为 1（启用）或 0（停用）' };
const NEW_PASSWORD = {
  type: 'string',
  minLength: 1,
  maxLength: 128,
  errorMessage: '请输入新密码',
} as const;

const item = { type: 'object', additionalProperties: true } as const;
const idBody = {
  type: 'object',
  required: ['staffId'],
  properties: { staffId: STAFF_ID },
} as const;

const SAVE_BODY = {
  type: 'object',
  required: ['staffCode', 'staffName', 'staffType'],
  properties: {
    staffId: STAFF_ID,
    staffCode: {
      type: 'string',
      pattern: '^\\s*\\S+\\s*$',
      maxLength: 64,
      errorMessage: '请输入工号（不含空格，不超过64个字符）',
    },
    staffName: {
      type: 'string',
      pattern: '\\S',
      maxLength: 20,
      errorMessage: '请输入姓名，不超过20个字',
    },
    staffType: STAFF_TYPE,
    isPower: { type: 'integer', enum: [0, 1], errorMessage: '新闻权限 isPower 须为 0 或 1' },
    isAdmin: { type: 'string', enum: ['0', '1'], errorMessage: '网盘管理 isAdmin 须为 "0" 或 "1"' },
    email: { type: ['string', 'null'], maxLength: 128, errorMessage: '邮箱格式不正确' },
    phone: { type: ['string', 'null'], maxLength: 32, errorMessage: '电话号码格式不正确' },
    sort: {
      type: 'integer',
      minimum: 0,
      maximum: 999_999,
      errorMessage: '排序须为0到999999的整数',
    },
    deptIds: {
      type: 'array',
      maxItems: 20,
      items: { type: 'integer', minimum: 1 },
      errorMessage: '所属部门不正确',
    },
    primaryDeptId: { type: 'integer', minimum: 1, errorMessage: '主部门不正确' },
    staffPass: { type: 'string', maxLength: 128, errorMessage: '初始密码不正确' },
  },
} as const;

interface SaveBody {
  staffId?: number;
  staffCode: string;
  staffName: string;
  staffType: 2 | 5;
  isPower?: 0 | 1;
  isAdmin?: '0' | '1';
  email?: string | null;
  phone?: string | null;
  sort?: number;
  deptIds?: number[];
  primaryDeptId?: number;
  staffPass?: string;
}

/**
 * Forms send the departments as one comma-joined field (`3,7`), as the
 * specs' pages send id lists; JSON bodies send the array itself. Optional
 * numbers a form leaves empty ('') are the same as not sent.
 */
async function normaliseSaveBody(request: FastifyRequest) {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object') return;
  for (const key of ['staffId', 'sort', 'primaryDeptId', 'isPower', 'isAdmin']) {
    if (body[key] === '') delete body[key];
  }
  if (typeof body.deptIds === 'string') {
    const parts = body.deptIds.split(',').map((part) => part.trim());
    if (parts.some((part) => part && !/^\d+$/.test(part))) throw badRequest('所属部门不正确');
    body.deptIds = parts.filter(Boolean).map(Number);
  }
}

/** Filters a form sends as '' when it means "all". */
async function normaliseListBody(request: FastifyRequest) {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object') return;
  for (const key of ['deptId', 'staffType', 'status', 'keyword']) {
    if (body[key] === '') delete body[key];
  }
}

/**
 * The staff-account calls of the content-management platform (administrator
 * role only, checked by the service): list, get, save, reset password,
 * enable / disable and delete. No answer ever holds a password or its hash.
 */
export const cmsStaffRoutes: FastifyPluginAsync<{ cmsStaff: CmsStaffService }> = async (
  app,
  { cmsStaff },
) => {
  // Before the body is read: an anonymous call is refused whatever it sends.
  app.addHook('onRequest', app.requireStaff);

  app.post<{
    Body: Paging & { keyword?: string; deptId?: number; staffType?: number; status?: number };
  }>(
    '/cms/staff/list',
    {
      preValidation: normaliseListBody,
      schema: {
        summary: '内容管理：用户列表（关键字匹配姓名、工号、电话；部门含其下级部门）',
        tags: ['cms'],
        body: {
          type: 'object',
          properties: {
            keyword: { type: 'string', maxLength: 50, errorMessage: '搜索内容不能超过50个字' },
            deptId: { type: 'integer', minimum: 1, errorMessage: '部门不正确' },
            staffType: STAFF_TYPE,
            status: STATUS,
            ...pageFields(10, 100),
          },
        },
        response: { 200: envelopeSchema(pageSchema(item)) },
      },
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

  app.post<{ Body: { staffId: number } }>(
    '/cms/staff/get',
    {
      schema: {
        summary: '内容管理：一个用户（编辑表单用，不含密码）',
        tags: ['cms'],
        body: idBody,
        response: { 200: envelopeSchema(item) },
      },
    },
    async (request) => ok(await cmsStaff.get(request.body.staffId, staffOf(request))),
  );

  app.post<{ Body: SaveBody }>(
    '/cms/staff/save',
    {
      preValidation: normaliseSaveBody,
      schema: {
        summary:
          '内容管理：新增（无 staffId，须带初始密码 staffPass）或编辑用户；deptIds 为数组或逗号分隔，primaryDeptId 为主部门',
        tags: ['cms'],
        body: SAVE_BODY,
        response: {
          200: envelopeSchema({ type: 'object', properties: { staffId: { type: 'integer' } } }),
        },
      },
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

  app.post<{ Body: { staffId: number; newStaffPass: string } }>(
    '/cms/staff/resetPassword',
    {
      schema: {
        summary: '内容管理：重置密码（须符合密码强度规则；用户下次登录须修改密码，其登录全部失效）',
        tags: ['cms'],
        body: {
          type: 'object',
          required: ['staffId', 'newStaffPass'],
          properties: { staffId: STAFF_ID, newStaffPass: NEW_PASSWORD },
        },
        response: { 200: envelopeSchema(nullSchema) },
      },
    },
    async (request) => {
      const { staffId, newStaffPass } = request.body;
      await cmsStaff.resetPassword(staffId, newStaffPass, staffOf(request), request.ip);
      return ok(null, '密码已重置');
    },
  );

  app.post<{ Body: { staffId: number; status: 0 | 1 } }>(
    '/cms/staff/setStatus',
    {
      schema: {
        summary: '内容管理：启用（status 1）或停用（status 0）用户；停用后其登录立即失效',
        tags: ['cms'],
        body: {
          type: 'object',
          required: ['staffId', 'status'],
          properties: { staffId: STAFF_ID, status: STATUS },
        },
        response: {
          200: envelopeSchema({
            type: 'object',
            properties: { staffId: { type: 'integer' }, status: { type: 'integer' } },
          }),
        },
      },
    },
    async (request) => {
      const { staffId, status } = request.body;
      const result = await cmsStaff.setStatus(staffId, status, staffOf(request), request.ip);
      return ok(result, status === 1 ? '已启用' : '已停用');
    },
  );

  app.post<{ Body: { staffId: number } }>(
    '/cms/staff/delete',
    {
      schema: {
        summary: '内容管理：删除用户（发布过内容的用户不能删除，请停用）',
        tags: ['cms'],
        body: idBody,
        response: { 200: envelopeSchema(nullSchema) },
      },
    },
    async (request) => {
      await cmsStaff.delete(request.body.staffId, staffOf(request), request.ip);
      return ok(null, '删除成功');
    },
  );
};
