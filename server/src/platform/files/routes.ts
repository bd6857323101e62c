import contentDisposition from 'content-disposition';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { filesCalls } from '@school/common/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { route } from '../../http/contract.js';
import { AppError, notFound } from '../../http/errors.js';
import { isInlineType, type FileService } from './service.js';

/**
 * How long a browser or proxy may keep a file without asking again: public
 * files briefly (an item taken off the portal takes its files back within
 * minutes; a revalidation is a cheap 304), files of a few only in the
 * reader's own browser.
 */
export const PUBLIC_CACHE = 'public, max-age=600';
export const PRIVATE_CACHE = 'private, max-age=3600';

/**
 * Serves stored files by id: `api/files/:id` for pictures, players and the
 * PDF viewer (shown in place when the type allows), and the spec's
 * `api/news/uploadnewfile.do?FILE_ID=` for downloads. Byte ranges are
 * honoured so videos seek and PDFs load progressively.
 */
export const fileRoutes: FastifyPluginAsyncTypebox<{ files: FileService }> = async (
  app,
  { files },
) => {
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    id: number,
    disposition: 'inline' | 'attachment',
    variant?: 'thumb',
  ) {
    const original = await files.findWithFacts(id);
    if (!original) throw notFound('文件不存在');
    // A thumbnail is read under its picture's rules, by either address.
    const { public: open } = await files.access.assertReadable(original, request.staff ?? null);
    const file =
      variant === 'thumb' && original.thumbFileId
        ? ((await files.find(original.thumbFileId)) ?? original)
        : original;
    if (!(await files.storage.has(file.storageKey))) throw notFound('文件不存在');
    return sendBytes(files, request, reply, file, {
      disposition,
      cacheControl: open ? PUBLIC_CACHE : PRIVATE_CACHE,
    });
  }

  route(app, filesCalls.file, { preHandler: app.fileReader }, async (request, reply) =>
    send(request, reply, request.params.id, 'inline', request.query.variant),
  );

  route(app, filesCalls.download, { preHandler: app.fileReader }, async (request, reply) =>
    send(request, reply, request.query.FILE_ID, 'attachment'),
  );
};

/**
 * Answers a stored file's bytes: shown in place when asked and the type
 * allows, else as a download under `fileName` (RFC 6266, Chinese names
 * intact); ETag, 304 and one byte range (videos seek, PDFs load in parts).
 * The caller has checked who may read it.
 */
export function sendBytes(
  files: FileService,
  request: FastifyRequest,
  reply: FastifyReply,
  file: { id: number; storageKey: string; fileName: string; mimeType: string; size: number },
  options: { disposition: 'inline' | 'attachment'; cacheControl: string; fileName?: string },
) {
  const { disposition } = options;
  const inline = disposition === 'inline' && isInlineType(file.mimeType);
  reply
    .header('content-type', inline ? file.mimeType : file.mimeType || 'application/octet-stream')
    .header(
      'content-disposition',
      contentDisposition(options.fileName ?? file.fileName, {
        type: inline ? 'inline' : 'attachment',
      }),
    )
    .header('accept-ranges', 'bytes')
    .header('etag', `"f${file.id}-${file.size}"`)
    .header('cache-control', options.cacheControl);
  if (request.headers['if-none-match'] === `"f${file.id}-${file.size}"`) {
    return reply.code(304).send();
  }

  const header = request.headers.range;
  if (header && file.size > 0) {
    const ranges = parseRange(file.size, header, { combine: true });
    if (ranges === -1) {
      reply.header('content-range', `bytes */${file.size}`);
      throw new AppError(416, '请求的范围无效');
    }
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
      const { start, end } = ranges[0]!;
      reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${file.size}`)
        .header('content-length', end - start + 1);
      return reply.send(files.storage.read(file.storageKey, { start, end }));
    }
  }
  reply.header('content-length', file.size);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(
    files.storage.read(
      file.storageKey,
      file.size > 0 ? { start: 0, end: file.size - 1 } : undefined,
    ),
  );
}
