import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { oplogCalls } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { OPERLOG_MESSAGE, assertPower } from '../../http/roles.js';
import { operLogRows } from './service.js';

/** The operation log of an item (isPower 1), and the caller's address as the server sees it. */
export const operLogRoutes: FastifyPluginAsyncTypebox<{ db: Kysely<Database> }> = async (
  app,
  { db },
) => {
  route(app, oplogCalls.list, { refusal: OPERLOG_MESSAGE }, async (request) => {
    const staff = staffOf(request);
    const { objId, infoTable } = request.body;
    assertPower(staff);
    return ok(await operLogRows(db, infoTable, objId));
  });

  route(app, oplogCalls.determineIp, async (request) =>
    ok({ ip: request.ip, inSchool: isPrivateAddress(request.ip) }),
  );
};

/** Loopback and private ranges: the school's own network when the site runs on campus. */
export function isPrivateAddress(ip: string): boolean {
  const v4 = ip.replace(/^::ffff:/, '');
  if (/^(10\.|127\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(v4)) return true;
  return ip === '::1' || /^f[cd][0-9a-f]{2}:/i.test(ip);
}
