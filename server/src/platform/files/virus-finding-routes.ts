import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { virusFindingCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { VirusFindings } from './virus-findings.js';

/** The record of viruses found in uploads: system administrators list it and mark findings handled. */
export const virusFindingRoutes: FastifyPluginAsyncTypebox<{ findings: VirusFindings }> = async (
  app,
  { findings },
) => {
  route(app, virusFindingCalls.list, async (request) => {
    const { state, pageNum, pageSize } = request.body;
    return ok(await findings.list(state, { pageNum, pageSize }));
  });

  route(app, virusFindingCalls.handle, async (request) => {
    await findings.handle(request.body.findingId, staffOf(request), request.ip);
    return ok(null, '已标记为已处理');
  });
};
