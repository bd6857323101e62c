import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authCalls } from '@school/common/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearFileCookie, setFileCookie, staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { AuthService } from './service.js';

/** A login from the request's account, password and identity: the user, and the file cookie set. */
export async function loginAnswer(
  auth: AuthService,
  request: FastifyRequest,
  reply: FastifyReply,
  { staffCode, staffPass, staffType }: { staffCode: string; staffPass: string; staffType: number },
) {
  const result = await auth.login({
    staffCode,
    staffPass,
    staffType,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  setFileCookie(request, reply, result.token);
  return ok(result, '登录成功');
}

/** Login and session calls of portal.md §7 and intranet.md §7 "Session and home". */
export const authRoutes: FastifyPluginAsyncTypebox<{ auth: AuthService }> = async (
  app,
  { auth },
) => {
  route(app, authCalls.login, async (request, reply) =>
    loginAnswer(auth, request, reply, request.body),
  );

  route(app, authCalls.staffId, async (request) =>
    ok(await auth.staffIdOf(request.body.staffCode)),
  );

  route(app, authCalls.logout, async (request, reply) => {
    await auth.logout(staffOf(request));
    clearFileCookie(reply);
    return ok(null, '退出成功');
  });

  route(app, authCalls.changePassword, async (request) => {
    const staff = staffOf(request);
    const { oldStaffPass, newStaffPass } = request.body;
    await auth.changePassword(staff, oldStaffPass, newStaffPass);
    return ok(null, '修改成功');
  });
};
