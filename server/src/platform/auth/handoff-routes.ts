import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authCalls } from '@school/common/api';

import { setFileCookie } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';

import type { HandoffService } from './handoff-service.js';

/**
 * The receiving end of the edit hand-off (GLPTBJ): checks the sign, the time,
 * the token and the right to edit the item, then answers the platform's
 * address for it (`retUrl`), which the page opens in a new tab.
 */
export const handoffRoutes: FastifyPluginAsyncTypebox<{ handoff: HandoffService }> = async (
  app,
  { handoff },
) => {
  route(app, authCalls.handoff, async (request) => {
    const { sign, ...fields } = request.body;
    return ok(await handoff.receive(fields, sign));
  });

  route(app, authCalls.enter, async (request, reply) => {
    const user = await handoff.redeem(
      request.body.ticket,
      request.ip,
      request.headers['user-agent']?.slice(0, 256) ?? null,
    );
    setFileCookie(request, reply, user.token);
    return ok(user, '登录成功');
  });
};
