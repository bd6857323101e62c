import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../http/errors.js';
import type { FileService } from './service.js';
import { PRIVATE_CACHE, PUBLIC_CACHE } from './routes.js';

/**
 * Files of the old site (oldfile 1), opened by their path under /upload/ as
 * the spec's pages do (`\upload\x.doc` shown as `/upload/x.doc`), read-only
 * from DATA_DIR/upload. They go through the one read rule: the news items
 * and sub-news listing the path as an attachment decide who reads it; a path
 * no item lists answers 404, whatever lies on disk.
 */
export async function legacyFileRoutes(
  app: FastifyInstance,
  { files, root }: { files: FileService; root: string },
) {
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, { root, serve: false, index: false, dotfiles: 'deny' });
  app.get(
    '/upload/*',
    { preHandler: app.fileReader, schema: { hide: true } },
    async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
      const relative = request.params['*'];
      const parts = relative.split('/');
      if (!relative || parts.some((part) => !part || part === '.' || part === '..')) {
        throw notFound('文件不存在');
      }
      const verdict = await files.access.legacyVerdict(
        `/upload/${relative}`,
        request.staff ?? null,
      );
      if (!verdict) throw notFound('文件不存在');
      if (!verdict.ok) throw new AppError(verdict.status, verdict.message);
      if (!fs.existsSync(path.join(root, ...parts))) throw notFound('文件不存在');
      return reply
        .header('cache-control', verdict.public ? PUBLIC_CACHE : PRIVATE_CACHE)
        .sendFile(relative, root, { cacheControl: false });
    },
  );
}
