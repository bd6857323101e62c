import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, InfoTable } from '../../db/schema.js';
import { staffOf } from '../../http/auth.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { assertPower, assertSelf } from '../../http/roles.js';
import { operLogRows } from './service.js';

/** The spec's three, then the content platform's other authored items. */
const INFO_TABLES: Array<InfoTable | `T_${string}`> = [
  'T_NEWS',
  'T_SUBJECT_NEWS',
  'TF_VIDEO',
  'T_MAGAZINE',
  'T_BANNER',
  'T_SOCIETY',
  'T_WWFZ',
  'T_FMSM',
  'T_NOTICE',
  'T_WORKBENCH',
  'T_PARAMETER',
  'T_DICTIONARY',
  'T_STAFF',
  'T_DEPARTMENT',
  'T_COLUMN',
];

/** The operation log of an item (isPower 1), and the caller's address as the server sees it. */
export const operLogRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.post<{ Body: { objId: number; infoTable: (typeof INFO_TABLES)[number]; userId?: number } }>(
    '/infoOperLog/infoOperLogList',
    {
      preHandler: app.requireStaff,
      schema: {
        summary: '操作日志（仅 isPower 为 1 的管理员）',
        tags: ['operLog'],
        body: {
          type: 'object',
          required: ['objId', 'infoTable'],
          properties: {
            objId: { type: 'integer', minimum: 1, errorMessage: '请选择要查看的内容' },
            infoTable: {
              type: 'string',
              enum: INFO_TABLES,
              errorMessage: 'infoTable 须为 T_NEWS、T_SUBJECT_NEWS、TF_VIDEO 或内容管理平台的表名',
            },
            userId: { type: 'integer', errorMessage: '用户编号不正确' },
          },
        },
        response: {
          200: envelopeSchema({
            type: 'array',
            items: { type: 'object', additionalProperties: true },
          }),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { objId, infoTable, userId } = request.body;
      assertSelf(staff, userId);
      assertPower(staff);
      return ok(await operLogRows(db, infoTable, objId));
    },
  );

  app.post(
    '/infoOperLog/determineIp',
    {
      schema: {
        summary: '访问者的 IP 地址，及是否来自校园网（内网地址）',
        tags: ['operLog'],
        response: {
          200: envelopeSchema({
            type: 'object',
            properties: { ip: { type: 'string' }, inSchool: { type: 'boolean' } },
          }),
        },
      },
    },
    async (request) => ok({ ip: request.ip, inSchool: isPrivateAddress(request.ip) }),
  );
};

/** Loopback and private ranges: the school's own network when the site runs on campus. */
export function isPrivateAddress(ip: string): boolean {
  const v4 = ip.replace(/^::ffff:/, '');
  if (/^(10\.|127\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(v4)) return true;
  return ip === '::1' || /^f[cd][0-9a-f]{2}:/i.test(ip);
}
