import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parameterCalls } from '@school/common/api';
import type { ParameterReader } from './parameter-reader.js';

import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';

/**
 * System parameters (`api/sysParameter/...`): links and settings an
 * administrator keeps, one code per setting, several rows for lists.
 */
export const parameterRoutes: FastifyPluginAsyncTypebox<{ parameters: ParameterReader }> = async (
  app,
  { parameters },
) => {
  route(app, parameterCalls.get, { preHandler: app.optionalStaff }, async (request) =>
    ok(await parameters.read([request.body.parameteCode], request.staff)),
  );

  route(app, parameterCalls.checkSite, async (request) => {
    await parameters.assertSiteOpen(request.body.parameterId, staffOf(request));
    return ok(null, '可以访问');
  });

  route(app, parameterCalls.getList, { preHandler: app.optionalStaff }, async (request) =>
    ok(await parameters.read(request.body.parameteCodes.split(','), request.staff)),
  );
};
