import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { ping } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';

export const healthRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
        summary: '健康检查：数据库可用时 status 为 0',
        tags: ['health'],
        response: {
          200: envelopeSchema({ type: 'object', properties: { database: { type: 'string' } } }),
        },
      },
    },
    async (request) => {
      try {
        await ping(db);
      } catch (err) {
        request.log.error({ err }, 'database ping failed');
        throw new AppError(503, '数据库不可用');
      }
      return ok({ database: 'up' });
    },
  );
};
