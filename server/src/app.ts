import http from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import { siteWritesOf } from './db/content-watch.js';
import type { DialectName } from './db/database.js';
import type { Database } from './db/schema.js';
import { siteVersionFor } from './db/site-version.js';
import { accessPlugin } from './http/access.js';
import { authPlugin } from './http/auth.js';
import {
  callerKeyword,
  errorMessageKeyword,
  frameworkErrors,
  refuseNonFiniteNumbers,
  refuseNulCharacters,
  registerErrorHandler,
} from './http/error-handler.js';
import { AppError } from './http/errors.js';
import { blankMeansNotGiven } from './http/blank-fields.js';
import { compressAnswers } from './http/compression.js';
import { checkResponses } from './http/contract.js';
import {
  createScriptNonces,
  refuseCrossSiteWrites,
  scriptNonceDirective,
  strictTransportOverHttps,
} from './http/security.js';
import { DatabaseRateLimits } from './http/rate-limit-store.js';
import type { Area } from './modules/area.js';
import { AREAS, type AreaServices } from './modules/index.js';
import { createHandoff, createPlatform, platformRoutes, type Platform } from './platform/index.js';
import type { FileStorage } from './platform/files/storage.js';
import { legacyFileRoutes } from './platform/files/legacy-routes.js';
import { countedStorage } from './observability/counted-storage.js';
import { requestIdOf } from './observability/request-id.js';
import { metricsRoute, observability } from './observability/plugin.js';
import { systemClock, type Clock } from './time.js';
import { PageCache } from './web/page-cache.js';
import { keepAnswersWithin } from './cache/kept.js';
import { fastServe, servePagesFromCache, webPages, type WebBuild } from './web/pages.js';
import { refuseWhileDraining } from './http/drain.js';

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where file bytes live; defaults to `DATA_DIR/files` on local disk. */
  storage?: FileStorage;
  /** The domain services, when the caller (a test) built them to use them too. */
  services?: Services;
  clock?: Clock;
  /** The React Router server build; absent in API-only tests. */
  web?: WebBuild;
  /** false: no logging (tests); an object: where and how much, the redaction is always added. */
  logger?: false | { level?: string; stream?: { write(line: string): void } };
}

/**
 * Headers and fields that must never reach a log line. Request lines show only the method,
 * the masked address and the caller (serializers below): no header, no body. These paths
 * catch a secret in an object a handler logs itself (one level deep: `{ body }`, `{ err }`).
 */
const SECRET_FIELDS = [
  'staffPass',
  'newStaffPass',
  'oldStaffPass',
  'password',
  'token',
  'ticket',
  'entryTicket',
  'extractCode',
  'shareCode',
  'sign',
  'authorization',
  'cookie',
];
export const REDACT = [
  'req.headers.authorization',
  'req.headers.token',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  ...SECRET_FIELDS.map((field) => `*.*.${field}`),
];

/**
 * Query parameters whose values never reach a log line: /publicPage's entry (staffPass),
 * tickets, tokens, a linked system's signature, a share link's code and 提取码, and any
 * other …pass, …password, …ticket or …token.
 */
const SECRET_PARAMS =
  /([?&](?:[a-z]*pass(?:word)?|[a-z]*ticket|[a-z_]*token|sign(?:ature)?|secret|extractCode|shareCode)=)[^&#]*/gi;
/** Paths that hold a share link's code: its page (/s/…) and its file and preview. */
const SECRET_PATHS = /^(\/s\/|\/api\/share\/(?:file|preview)\/)[^/?#]+/i;

/** A request as log lines show it: the address with secrets in its path and query masked. */
export const logUrl = (url: string) =>
  url.replace(SECRET_PATHS, '$1[REDACTED]').replace(SECRET_PARAMS, '$1[REDACTED]');

const serializers = {
  req: (request: { method: string; url: string; ip?: string }) => ({
    method: request.method,
    url: logUrl(request.url),
    remoteAddress: request.ip,
  }),
};

/** How bodies are checked: every failure reported, form strings coerced, unknown fields dropped. */
export const AJV: NonNullable<FastifyServerOptions['ajv']> = {
  customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: true },
  plugins: [errorMessageKeyword, callerKeyword],
};

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const services = deps.services ?? createServices(deps);
  // The content version as this process knows it: the page cache, the kept counts and the
  // kept API answers follow it; polled while the app runs.
  const siteVersion = siteVersionFor(deps.db, deps.clock ?? systemClock);
  const pageCache =
    deps.web && config.pageCacheBytes > 0
      ? new PageCache(siteVersion, config.pageCacheBytes, () => deps.web?.keptPaths())
      : undefined;
  const app = Fastify({
    // Cached pages are answered on the bare server, before Fastify (web/pages.ts fastServe).
    ...(pageCache && {
      serverFactory: (handler: http.RequestListener) =>
        http.createServer((req, res) => {
          // Every answer carries its request id, a page the cache answers here as well.
          res.setHeader('x-request-id', requestIdOf(req));
          if (!fastServe(pageCache, config.trustProxy, req, res)) handler(req, res);
        }),
    }),
    logger:
      deps.logger === false
        ? false
        : { level: config.logLevel, ...deps.logger, redact: REDACT, serializers },
    // The caller's X-Request-Id (sanitised) or a new one; log lines carry it as reqId.
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: AJV,
    frameworkErrors,
  });

  // Infrastructure. The request id and metrics first, so every answer is counted and carries
  // its id; then cached pages: nothing below changes their answer.
  await app.register(observability, { config, db: deps.db });
  refuseWhileDraining(app);
  if (pageCache) {
    app.decorate('pageCache', pageCache);
    servePagesFromCache(app, pageCache);
  }
  app.addHook('onReady', async () => siteVersion.start());
  app.addHook('onClose', async () => siteVersion.stop());
  registerErrorHandler(app);
  blankMeansNotGiven(app);
  if (config.checkResponses) checkResponses(app);
  refuseNonFiniteNumbers(app);
  refuseNulCharacters(app);
  refuseCrossSiteWrites(app);
  createScriptNonces(app);
  strictTransportOverHttps(app);
  await app.register(helmet, {
    // Scripts: the pages' own files, and inline only with this response's nonce. Inline
    // styles stay allowed: antd writes style attributes, which no nonce can cover.
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", scriptNonceDirective],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent by strictTransportOverHttps, over HTTPS only.
    strictTransportSecurity: false,
  });
  // Counted in the database, so every process of the site shares one count per address.
  const rateLimits = new DatabaseRateLimits(deps.db, {
    onError: (err) => app.log.warn({ err }, 'rate limit: count failed'),
  });
  await app.register(rateLimit, {
    max: config.apiRateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
    store: rateLimits.store(),
    // A count the database could not take lets the request through (logged): the limit guards
    // against floods, and the request's own queries meet the same database.
    skipOnError: true,
    errorResponseBuilder: () => new AppError(429, '请求过于频繁，请稍后再试'),
  });
  rateLimits.pruneWhileRunning(app);
  // The job worker runs while the app is up (office previews, the daily prune of old ones,
  // the hourly prune of login counts).
  services.jobs.runWhile(app, async () => {
    await services.officePreviews.schedule(app.log);
    await services.virusRescan.schedule(app.log);
    await services.fileTexts.schedule(app.log);
    await services.loginThrottle.schedule();
    await services.scheduledMail.start(app.log);
  });
  // Before the routes and @fastify/static, whose answers it hooks.
  await compressAnswers(app);
  await app.register(formbody);
  // Uploads are streamed; each call sets its own size limit (modules/file/upload.ts).
  await app.register(multipart, {
    limits: { files: 1, fields: 10, parts: 12, fieldSize: 64 * 1024 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: '学校门户网站 API', version: '0.1.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    // Each call shows who may make it (x-access, http/access.ts); those behind a session say so.
    transform: ({ schema, url, route }) => {
      const access = route.config?.access;
      const session = access && access !== 'public' && access !== 'linkedSystem';
      return {
        schema: {
          ...schema,
          'x-access': access,
          ...(session ? { security: [{ bearer: [] }] } : {}),
        } as typeof schema,
        url,
      };
    },
  });

  // Shared pieces (the session, every route's access rule), then the platform's calls and
  // every area's, under /api.
  await app.register(authPlugin, { sessions: services.sessions });
  await app.register(accessPlugin);
  await app.register(
    async (api) => {
      await platformRoutes(api, services);
      for (const area of AREAS) await area.routes(api, services);
      // The document lists every call with its access rule (API_DOCS): staff only unless
      // public; off leaves it to the unknown-call 404 below.
      if (config.apiDocs !== 'off') {
        const access = config.apiDocs === 'public' ? 'public' : 'staff';
        api.get('/docs/json', { config: { access }, schema: { hide: true } }, async () =>
          app.swagger(),
        );
      }
      api.all('/*', { config: { access: 'public' } }, async () => {
        throw new AppError(404, '接口不存在');
      });
    },
    { prefix: '/api' },
  );

  // Areas' addresses outside /api (the drive's WebDAV at /dav/), on the same port.
  for (const area of AREAS) area.siteRoutes?.(app, services as never);

  await app.register(metricsRoute, { config });

  // Files of the old site, opened by their path (oldfile 1), under the one read rule.
  await app.register(legacyFileRoutes, {
    files: services.files,
    root: path.join(config.dataDir, 'upload'),
  });

  if (deps.web) await app.register(webPages, { build: deps.web, api: app, cache: pageCache });
  return app;
}

/**
 * The platform and every area's services over one database and storage; the
 * seed and the tests build the same set.
 */
export function createServices(
  deps: Pick<AppDeps, 'config' | 'db' | 'dialect' | 'storage' | 'clock'>,
): Services {
  // Content writes raise the site's content version from here on (the migrations made its
  // row): the page cache and the kept counts of lists and searches both end with it.
  siteWritesOf(deps.db)?.arm();
  siteVersionFor(deps.db, deps.clock ?? systemClock);
  keepAnswersWithin(deps.config.cacheBytes);
  const platform = createPlatform({ ...deps, watchStorage: countedStorage });
  const services = { ...platform } as Platform & AreaServices;
  for (const area of AREAS) Object.assign(services, area.services(platform));
  const targets = AREAS.flatMap((area: Area<object>) => area.handoffTargets?.(platform) ?? []);
  platform.files.access.addGuards(
    AREAS.flatMap((area: Area<object>) => area.fileGuards?.(platform) ?? []),
  );
  platform.files.access.addUses(AREAS.flatMap((area: Area<object>) => area.fileUses ?? []));
  platform.files.access.assertComplete();
  return { ...services, handoff: createHandoff(platform, targets) };
}

export type Services = Platform & AreaServices & { handoff: ReturnType<typeof createHandoff> };
