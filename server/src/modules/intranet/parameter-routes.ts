import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parameterCalls } from '@school/common/api';
import type { ParameterReader } from './parameter-reader.js';

import { routeSchema } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';

/**
 * System parameters (`api/sysParameter/...`): links and settings an
 * administrator keeps, one code per setting, several rows for lists.
 */
export const parameterRoutes: FastifyPluginAsyncTypebox<{ parameters: ParameterReader }> = async (
  app,
  { parameters },
) => {
  app.post(
    '/sysParameter/getParameter',
    {
      preHandler: app.optionalStaff,
      schema: routeSchema(parameterCalls.get, {
        summary: '按编码查询系统参数',
        tags: ['sysParameter'],
      }),
    },
    async (request) => ok(await parameters.read([request.body.parameteCode], request.staff)),
  );

  app.post(
    '/sysParameter/getParameterList',
    {
      preHandler: app.optionalStaff,
      schema: routeSchema(parameterCalls.getList, {
        summary: '一次查询多个系统参数（逗号分隔的编码）',
        tags: ['sysParameter'],
      }),
    },
    async (request) =>
      ok(await parameters.read(request.body.parameteCodes.split(','), request.staff)),
  );
};
