import type { OutgoingHttpHeaders } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { RENDER_HEADER } from '../http/drain.js';
import { scriptNonceOf } from '../http/security.js';
import { serverEntryOf, webClientDir } from './build-dir.js';
import type { Audience, KeptPaths, PageCache } from './page-cache.js';

export interface WebBuild {
  /** Renders a page (React Router's request handler over the server build). */
  render(request: Request, context: PageContext): Promise<Response>;
  /** Loads the server bundle; rejects when it cannot be loaded (a broken build). */
  ready(): Promise<void>;
  clientDir: string;
  /** The pages the page cache may keep, once the server bundle is loaded; undefined before. */
  keptPaths(): KeptPaths | undefined;
}

type Routes = ServerBuild['routes'];

/** The kept pages of a build's route manifest. */
export const keptPathsIn = (routes: Routes): KeptPaths => ({
  visitors: keptPathsOf(routes, 'keptForVisitors'),
  staff: keptPathsOf(routes, 'keptForStaff'),
});

/** The full paths of the routes at or under a route whose module's handle says `flag`. */
export function keptPathsOf(routes: Routes, flag: 'keptForVisitors' | 'keptForStaff'): Set<string> {
  const pathOf = (id: string | undefined): string => {
    const route = id === undefined ? undefined : routes[id];
    if (!route) return '';
    const parent = pathOf(route.parentId);
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const kept = (id: string | undefined): boolean => {
    const route = id === undefined ? undefined : routes[id];
    if (!route) return false;
    const handle = route.module.handle as Record<string, unknown> | undefined;
    return handle?.[flag] === true || kept(route.parentId);
  };
  const paths = new Set<string>();
  for (const [id, route] of Object.entries(routes)) {
    if (route && (route.path || route.index) && kept(id)) paths.add(pathOf(id) || '/');
  }
  return paths;
}

/**
 * `web/build` when it exists (`npm run build`); API-only tests run without it. The server
 * bundle (React and every page, about a second to load) is imported by `ready()`, which the
 * server calls once it listens, or by the first render: the API answers meanwhile.
 */
export async function loadWebBuild(buildDir: string): Promise<WebBuild | undefined> {
  const clientDir = webClientDir(buildDir);
  if (!clientDir) return undefined;
  let handler: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  let kept: KeptPaths | undefined;
  const load = () =>
    (handler ??= import(pathToFileURL(serverEntryOf(buildDir)).href).then((server) => {
      kept = keptPathsIn((server as ServerBuild).routes);
      return createRequestHandler(server as ServerBuild, 'production');
    }));
  return {
    render: async (request, context) => (await load())(request, context as never),
    ready: async () => {
      await load();
    },
    clientDir,
    keptPaths: () => kept,
  };
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
  render: { usedSession: boolean },
): PageContext {
  return {
    nonce: scriptNonceOf(reply),
    async api(apiPath, payload = {}, token) {
      // A render that read with a session is that person's: never kept.
      if (token) render.usedSession = true;
      const response = await app.inject({
        method: 'POST',
        url: `/api/${apiPath.replace(/^\/?(api\/)?/, '')}`,
        payload,
        headers: {
          // Answered while the process drains, as the render began before (http/drain.ts).
          [RENDER_HEADER]: app.drain.key,
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

/** A page's cache key: its address with protocol and host (the render may name them). */
export const pageKey = (audience: Audience, protocol: string, host: string, url: string) =>
  `${audience} ${protocol}://${host}${url}`;

/**
 * Answers cached pages before Fastify routes the request (app.ts registers it first), and
 * `fastServe` even before Fastify sees it, on the bare Node server.
 */
export function servePagesFromCache(app: FastifyInstance, cache: PageCache): void {
  app.addHook('onRequest', async (request, reply) => {
    const audience = cache.audienceOf(request.method, request.url, request.headers);
    if (!audience) return;
    const key = pageKey(audience, request.protocol, request.host, request.url);
    if (cache.serve(request.raw, reply.raw, key)) reply.hijack();
  });
}

/**
 * The bare server's own answer from the cache (Fastify's serverFactory, main server only):
 * a hit costs no routing, no hooks, no log line. Behind a trusted proxy the protocol and host
 * come from its headers, which Fastify reads: then the hook above answers instead.
 */
export function fastServe(
  cache: PageCache,
  trustProxy: boolean,
  req: import('node:http').IncomingMessage,
  res: import('node:http').ServerResponse,
): boolean {
  if (trustProxy || !req.headers.host) return false;
  const audience = cache.audienceOf(req.method, req.url, req.headers);
  if (!audience) return false;
  const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  return cache.serve(req, res, pageKey(audience, protocol, req.headers.host, req.url!));
}

/** Serves the built client assets and renders every other GET with React Router. */
export const webPages = fp<{ build: WebBuild; api: FastifyInstance; cache?: PageCache }>(
  async (app, { build, api, cache }) => {
    await app.register(fastifyStatic, {
      root: build.clientDir,
      wildcard: false,
      index: false,
      // The .br and .gz copies written at start (precompress.ts), by Accept-Encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: async (request, reply) => {
        const audience = cache?.audienceOf(request.method, request.url, request.headers);
        const kept = audience ? cache : undefined;
        const key = pageKey(audience ?? 'visitor', request.protocol, request.host, request.url);
        if (kept) {
          // A burst of misses on one page: the first renders, the others take its result.
          const pending = kept.pending.get(key);
          if (pending) {
            await pending;
            if (kept.serve(request.raw, reply.raw, key)) return reply.hijack();
          }
        }
        const freshness = kept?.version.current();
        let settle = () => {};
        const mine = freshness && new Promise<void>((done) => (settle = done));
        if (mine) kept!.pending.set(key, mine);
        app.drain.begin();
        try {
          const render = { usedSession: false };
          const response = await build.render(
            toWebRequest(request),
            pageContext(api, request, reply, render),
          );
          void reply.status(response.status);
          response.headers.forEach((value, key) => {
            if (key !== 'set-cookie') void reply.header(key, value);
          });
          const cookies = response.headers.getSetCookie();
          if (cookies.length) void reply.header('set-cookie', cookies);
          if (!response.body) return reply.send();
          // The page is whole before it is answered (entry.server.tsx): one buffer, one write.
          const body = Buffer.from(await response.arrayBuffer());
          // A HEAD render may come without its body: only a GET's page is kept.
          const storable =
            freshness &&
            request.method === 'GET' &&
            response.status === 200 &&
            !render.usedSession &&
            cookies.length === 0 &&
            !/private|no-store/i.test(response.headers.get('cache-control') ?? '');
          if (!storable) return reply.send(body);
          await kept!.store(key, freshness, body, {
            ...reply.raw.getHeaders(),
            ...reply.getHeaders(),
          } as OutgoingHttpHeaders);
          if (kept!.serve(request.raw, reply.raw, key)) return reply.hijack();
          return reply.send(body);
        } finally {
          app.drain.end();
          if (mine) {
            if (kept!.pending.get(key) === mine) kept!.pending.delete(key);
            settle();
          }
        }
      },
    });
  },
  { name: 'web-pages' },
);
