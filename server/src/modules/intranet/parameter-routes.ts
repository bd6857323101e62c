import type { FastifyPluginAsync } from 'fastify';
import type { ParameterReader } from './parameter-reader.js';

import { envelopeSchema, ok } from '../../http/envelope.js';

const parameterRow = {
  type: 'object',
  properties: {
    parameterId: { type: 'integer' },
    parameteCode: { type: 'string' },
    parameteValue: { type: 'string' },
    parameterName: { type: 'string' },
    parameterType: { type: 'string' },
    pic: { type: ['string', 'null'] },
  },
} as const;

const CODE = { type: 'string', pattern: '^[A-Za-z0-9_]{1,32}$', errorMessage: '参数编码不正确' };

/**
 * System parameters (`api/sysParameter/...`): links and settings an
 * administrator keeps, one code per setting, several rows for lists.
 */
export const parameterRoutes: FastifyPluginAsync<{ parameters: ParameterReader }> = async (
  app,
  { parameters },
) => {
  app.post<{ Body: { parameteCode: string } }>(
    '/sysParameter/getParameter',
    {
      preHandler: app.optionalStaff,
      schema: {
        summary: '按编码查询系统参数',
        tags: ['sysParameter'],
        body: {
          type: 'object',
          required: ['parameteCode'],
          properties: { parameteCode: CODE },
        },
        response: { 200: envelopeSchema({ type: 'array', items: parameterRow }) },
      },
    },
    async (request) => ok(await parameters.read([request.body.parameteCode], request.staff)),
  );

  app.post<{ Body: { parameteCodes: string } }>(
    '/sysParameter/getParameterList',
    {
      preHandler: app.optionalStaff,
      schema: {
        summary: '一次查询多个系统参数（逗号分隔的编码）',
        tags: ['sysParameter'],
        body: {
          type: 'object',
          required: ['parameteCodes'],
          properties: {
            parameteCodes: {
              type: 'string',
              pattern: '^[A-Za-z0-9_]{1,32}(,[A-Za-z0-9_]{1,32}){0,39}$',
              errorMessage: '参数编码不正确',
            },
          },
        },
        response: { 200: envelopeSchema({ type: 'array', items: parameterRow }) },
      },
    },
    async (request) =>
      ok(await parameters.read(request.body.parameteCodes.split(','), request.staff)),
  );
};
