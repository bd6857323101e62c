import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import zlib from 'node:zlib';

/**
 * Answers compressed by the browser's Accept-Encoding (brotli, else gzip): API JSON and
 * pages rendered per request (cached pages carry their own compressed bytes, web/page-cache.ts;
 * the built assets are compressed ahead, web/precompress.ts). Not compressed: file bytes
 * (answers with Content-Disposition or Accept-Ranges: downloads, previews, zips, the old
 * site's files and the built assets, whose byte ranges must stay the file's), partial answers
 * (206), types that are compressed already (images, video, zip, pdf: mime-db says so), the
 * mail SSE feed (written on the bare response), and answers under 1 KB. Request bodies are
 * never inflated (no client sends them compressed; tus uploads stay bytes as sent).
 */
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  // Before the plugin's own onSend hook, which skips requests marked this way.
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      reply.getHeader('content-disposition') !== undefined ||
      reply.getHeader('accept-ranges') !== undefined
    )
      request.headers['x-no-compression'] = '1';
    return payload;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
    // Per answer: a quick level (brotli 4 beats gzip 6 in size at about its speed).
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
