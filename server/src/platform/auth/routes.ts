import type { FastifyPluginAsync } from 'fastify';
import { clearFileCookie, setFileCookie, staffOf } from '../../http/auth.js';
import { envelopeSchema, nullSchema, ok } from '../../http/envelope.js';
import { forbidden } from '../../http/errors.js';
import type { AuthService } from './service.js';

const loginBody = {
  type: 'object',
  required: ['staffCode', 'staffPass', 'staffType'],
  properties: {
    staffCode: { type: 'string', pattern: '\\S', maxLength: 64, errorMessage: '请输入账号' },
    staffPass: { type: 'string', minLength: 1, maxLength: 128, errorMessage: '请输入密码' },
    staffType: { type: 'integer', enum: [2, 5], errorMessage: '请选择身份' },
    platformType: { type: 'integer' },
  },
} as const;

const loginData = {
  type: 'object',
  properties: {
    token: { type: 'string' },
    staffId: { type: 'integer' },
    staffName: { type: 'string' },
    staffType: { type: 'integer' },
    staffCode: { type: 'string' },
    isPower: { type: 'integer' },
    isAdmin: { type: 'string' },
    email: { type: ['string', 'null'] },
    schoolId: { type: 'integer' },
    whetherpass: { type: 'integer' },
  },
} as const;

const passwordBody = {
  type: 'object',
  required: ['oldStaffPass', 'newStaffPass'],
  properties: {
    staffId: { type: 'integer' },
    staffType: { type: 'integer' },
    oldStaffPass: { type: 'string', minLength: 1, maxLength: 128, errorMessage: '请输入原密码' },
    newStaffPass: { type: 'string', minLength: 1, maxLength: 128, errorMessage: '请输入新密码' },
  },
} as const;

/** Login and session calls of portal.md §7 and intranet.md §7 "Session and home". */
export const authRoutes: FastifyPluginAsync<{ auth: AuthService }> = async (app, { auth }) => {
  app.post<{ Body: { staffCode: string; staffPass: string; staffType: number } }>(
    '/login/login',
    {
      schema: {
        summary: '登录',
        tags: ['login'],
        body: loginBody,
        response: { 200: envelopeSchema(loginData) },
      },
    },
    async (request, reply) => {
      const { staffCode, staffPass, staffType } = request.body;
      const result = await auth.login({
        staffCode,
        staffPass,
        staffType,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setFileCookie(request, reply, result.token);
      return ok(result, '登陆成功');
    },
  );

  app.post<{ Body: { staffCode: string } }>(
    '/login/getStaffId',
    {
      schema: {
        summary: '按账号查询教职工 id',
        tags: ['login'],
        body: {
          type: 'object',
          required: ['staffCode'],
          properties: {
            staffCode: {
              type: 'string',
              pattern: '\\S',
              maxLength: 64,
              errorMessage: '请输入账号',
            },
          },
        },
        response: { 200: envelopeSchema({ type: 'integer' }) },
      },
    },
    async (request) => ok(await auth.staffIdOf(request.body.staffCode)),
  );

  app.post<{ Body: { staffId?: number } }>(
    '/login/loginOut.do',
    {
      preHandler: app.requireStaff,
      schema: {
        summary: '退出登录',
        tags: ['login'],
        body: { type: ['object', 'null'], properties: { staffId: { type: 'integer' } } },
        response: { 200: envelopeSchema(nullSchema) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      if (request.body?.staffId !== undefined && request.body.staffId !== staff.id) {
        throw forbidden('只能退出自己的登录');
      }
      await auth.logout(staff);
      clearFileCookie(reply);
      return ok(null, '退出成功');
    },
  );

  app.post<{ Body: { staffId?: number; oldStaffPass: string; newStaffPass: string } }>(
    '/login/updateUserPwd.do',
    {
      preHandler: app.requireStaff,
      schema: {
        summary: '修改密码',
        tags: ['login'],
        body: passwordBody,
        response: { 200: envelopeSchema(nullSchema) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { staffId, oldStaffPass, newStaffPass } = request.body;
      if (staffId !== undefined && staffId !== staff.id) throw forbidden('只能修改自己的密码');
      await auth.changePassword(staff, oldStaffPass, newStaffPass);
      return ok(null, '修改成功');
    },
  );
};
