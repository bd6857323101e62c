import { isContentAdmin } from '../../http/roles.js';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { envelopeSchema, ok } from '../../http/envelope.js';

/** Site-list parameter codes: staff without isPower see only the entries of type 1. */
const SITE_LIST_CODES = new Set(['XNZD']);

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
export const parameterRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (
  app,
  { db },
) => {
  const rowsOf = (codes: string[], isPower: boolean) =>
    db
      .selectFrom('sysParameter')
      .select([
        'id as parameterId',
        'code as parameteCode',
        'value as parameteValue',
        'name as parameterName',
        'type as parameterType',
        'pic',
      ])
      .where('code', 'in', codes)
      .orderBy('code')
      .orderBy('sort')
      .orderBy('id')
      .execute()
      .then((rows) =>
        rows.filter(
          (row) => isPower || !SITE_LIST_CODES.has(row.parameteCode) || row.parameterType === '1',
        ),
      );

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
    async (request) => ok(await rowsOf([request.body.parameteCode], isContentAdmin(request.staff))),
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
      ok(await rowsOf(request.body.parameteCodes.split(','), isContentAdmin(request.staff))),
  );
};
