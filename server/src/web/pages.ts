import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { scriptNonceOf } from '../http/security.js';

export interface WebBuild {
  server: ServerBuild;
  clientDir: string;
}

/** Loads `web/build` when it exists (`npm run build`); API-only tests run without it. */
export async function loadWebBuild(buildDir: string): Promise<WebBuild | undefined> {
  const entry = path.join(buildDir, 'server', 'index.js');
  if (!fs.existsSync(entry)) return undefined;
  const server = (await import(pathToFileURL(entry).href)) as ServerBuild;
  return { server, clientDir: path.join(buildDir, 'client') };
}

/**
 * What a page's loader gets to read data on the server: the same API the
 * browser calls, run in-process through `inject`, so permissions, validation
 * and the envelope are the API's own.
 */
export interface PageContext {
  api(apiPath: string, payload?: Record<string, unknown>, token?: string): Promise<unknown>;
  /** The response's script nonce, which the page's inline scripts carry (http/security.ts). */
  nonce: string | undefined;
}

function pageContext(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): PageContext {
  return {
    nonce: scriptNonceOf(reply),
    async api(apiPath, payload = {}, token) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/${apiPath.replace(/^\/?(api\/)?/, '')}`,
        payload,
        headers: {
          'x-forwarded-for': request.ip,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        remoteAddress: request.ip,
      });
      return response.json();
    },
  };
}

function toWebRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  const controller = new AbortController();
  request.raw.once('close', () => controller.abort());
  return new Request(url, { method: request.method, headers, signal: controller.signal });
}

/** Serves the built client assets and renders every other GET with React Router. */
export const webPages = fp<{ build: WebBuild; api: FastifyInstance }>(
  async (app, { build, api }) => {
    await app.register(fastifyStatic, {
      root: build.clientDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
    const handle = createRequestHandler(build.server, 'production');
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: async (request, reply) => {
        const response = await handle(
          toWebRequest(request),
          pageContext(api, request, reply) as never,
        );
        void reply.status(response.status);
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie') void reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length) void reply.header('set-cookie', cookies);
        if (!response.body) return reply.send();
        return reply.send(
          Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
        );
      },
    });
  },
  { name: 'web-pages' },
);
