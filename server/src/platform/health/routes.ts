import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { healthCalls } from '@school/common/api';
import type { Kysely } from 'kysely';
import { ping } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';

export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Kysely<Database> }> = async (
  app,
  { db },
) => {
  route(app, healthCalls.health, async (request) => {
    try {
      await ping(db);
    } catch (err) {
      request.log.error({ err }, 'database ping failed');
      throw new AppError(503, '数据库不可用');
    }
    return ok({ database: 'up' });
  });
};
