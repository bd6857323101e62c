import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { appPasswordCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { AppPasswords } from './app-passwords.js';

/** The caller's own app passwords for WebDAV clients (/editPwd 应用专用密码). */
export const appPasswordRoutes: FastifyPluginAsyncTypebox<{ appPasswords: AppPasswords }> = async (
  app,
  { appPasswords },
) => {
  route(app, appPasswordCalls.add, async (request) =>
    ok(await appPasswords.add(staffOf(request), request.body.name), '创建成功'),
  );

  route(app, appPasswordCalls.list, async (request) =>
    ok(await appPasswords.list(staffOf(request))),
  );

  route(app, appPasswordCalls.remove, async (request) => {
    await appPasswords.remove(staffOf(request), request.body.id);
    return ok(null, '已撤销');
  });
};
