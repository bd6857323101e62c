import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authCalls, linkedCalls } from '@school/common/api';
import type { FastifyRequest } from 'fastify';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { forbidden } from '../../http/errors.js';
import type { LinkedSystems } from './linked-systems.js';
import { loginAnswer } from './routes.js';
import type { AuthService } from './service.js';

/** The calling system: `X-System: <code>` and `Authorization: Bearer <secret>`. */
function systemOf(request: FastifyRequest, linked: LinkedSystems) {
  const code = request.headers['x-system'];
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  return linked.authenticate(typeof code === 'string' ? code : undefined, bearer);
}

/**
 * The linked systems' server-to-server calls, and /publicPage's login from
 * its address (only when PUBLIC_ENTRY_PASSWORD is set).
 */
export const linkedRoutes: FastifyPluginAsyncTypebox<{
  linked: LinkedSystems;
  auth: AuthService;
  publicEntryPassword: boolean;
}> = async (app, { linked, auth, publicEntryPassword }) => {
  route(app, linkedCalls.verify, async (request) => {
    const system = systemOf(request, linked);
    const { sign, ...fields } = request.body;
    return ok(await linked.verify(system, fields, sign), '校验通过');
  });

  route(app, linkedCalls.entryTicket, async (request) => {
    systemOf(request, linked);
    const { staffCode, typePage = 2 } = request.body;
    return ok(await linked.entryTicket(staffCode, typePage));
  });

  route(app, authCalls.publicEntry, async (request, reply) => {
    if (!publicEntryPassword) {
      throw forbidden('未开启地址栏登录，请从学校的系统入口进入或在首页登录');
    }
    return loginAnswer(auth, request, reply, request.body);
  });
};
