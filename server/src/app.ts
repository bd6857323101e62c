import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { DialectName } from './db/database.js';
import type { Database } from './db/schema.js';
import { authPlugin } from './http/auth.js';
import {
  errorMessageKeyword,
  refuseNonFiniteNumbers,
  registerErrorHandler,
} from './http/error-handler.js';
import { AppError } from './http/errors.js';
import { AuthService } from './platform/auth/service.js';
import { authRoutes } from './platform/auth/routes.js';
import { SessionStore } from './platform/auth/session.js';
import { LoginThrottle } from './platform/auth/throttle.js';
import { handoffRoutes } from './platform/auth/handoff-routes.js';
import { cmsNewsRoutes } from './modules/news/admin-routes.js';
import { CmsNewsService } from './modules/news/admin-service.js';
import { HandoffService } from './platform/auth/handoff-service.js';
import { cmsColumnRoutes } from './modules/news/column-routes.js';
import { cmsOverviewRoutes } from './modules/cms/routes.js';
import { CmsOverviewService } from './modules/cms/service.js';
import { CmsColumnService } from './modules/news/column-service.js';
import { cmsSubjectRoutes } from './modules/news/subject-admin-routes.js';
import { CmsSubjectService } from './modules/news/subject-admin-service.js';
import { cmsVideoRoutes } from './modules/video/admin-routes.js';
import { CmsVideoService } from './modules/video/admin-service.js';
import { cmsMagazineRoutes } from './modules/magazine/admin-routes.js';
import { CmsMagazineService } from './modules/magazine/admin-service.js';
import { cmsShowcaseRoutes } from './modules/showcase/admin-routes.js';
import { CmsShowcaseService } from './modules/showcase/admin-service.js';
import { cmsIntroRoutes } from './modules/intro/admin-routes.js';
import { CmsIntroService } from './modules/intro/admin-service.js';
import { cmsSiteRoutes } from './modules/intranet/admin-routes.js';
import { CmsSiteService } from './modules/intranet/admin-service.js';
import { cmsStaffRoutes } from './modules/people/staff-routes.js';
import { CmsStaffService } from './modules/people/staff-service.js';
import { cmsDepartmentRoutes } from './modules/people/department-admin-routes.js';
import { CmsDepartmentService } from './modules/people/department-service.js';
import { departmentRoutes } from './modules/people/department-routes.js';
import { EngagementService } from './platform/engagement/service.js';
import { fileRoutes } from './platform/files/routes.js';
import { FileService } from './platform/files/service.js';
import { UploadService } from './platform/files/upload.js';
import { uploadRoutes } from './platform/files/upload-routes.js';
import { newsRoutes } from './modules/news/routes.js';
import { NewsService } from './modules/news/service.js';
import { introRoutes } from './modules/intro/routes.js';
import { IntroService } from './modules/intro/service.js';
import { magazineRoutes } from './modules/magazine/routes.js';
import { MagazineService } from './modules/magazine/service.js';
import { operLogRoutes } from './platform/oplog/routes.js';
import { showcaseRoutes } from './modules/showcase/routes.js';
import { ShowcaseService } from './modules/showcase/service.js';
import { videoRoutes } from './modules/video/routes.js';
import { VideoService } from './modules/video/service.js';
import { SearchIndex } from './platform/search/search-index.js';
import { LocalDiskStorage, type FileStorage } from './platform/files/storage.js';
import { healthRoutes } from './platform/health/routes.js';
import { parameterRoutes } from './modules/intranet/parameter-routes.js';
import { systemClock, type Clock } from './time.js';
import { webPages, type WebBuild } from './web/pages.js';

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

/** Headers and fields that must never reach a log line. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.token',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const services = deps.services ?? createServices(deps);
  const app = Fastify({
    logger:
      deps.logger === false ? false : { level: config.logLevel, ...deps.logger, redact: REDACT },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: {
      customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: true },
      plugins: [errorMessageKeyword],
    },
  });

  // Infrastructure.
  registerErrorHandler(app);
  refuseNonFiniteNumbers(app);
  await app.register(helmet, {
    // The pages load their own scripts and styles; inline styles come from antd.
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", "'unsafe-inline'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    max: config.apiRateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: () => new AppError(429, '请求过于频繁，请稍后再试'),
  });
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
  });

  // Shared pieces.
  const sessions = new SessionStore(db, config, clock);
  await app.register(authPlugin, { sessions });
  const auth = new AuthService(db, sessions, new LoginThrottle(db, config, clock), clock);
  const { files, news, engagement, search, video, magazine, intro, showcase, cmsNews } = services;

  // Routes.
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(authRoutes, { auth });
      await api.register(parameterRoutes, { db });
      await api.register(departmentRoutes, { db });
      await api.register(fileRoutes, { files });
      await api.register(uploadRoutes, { uploads: services.uploads });
      await api.register(newsRoutes, { db, news, engagement, search });
      await api.register(videoRoutes, { db, video, engagement });
      await api.register(magazineRoutes, { magazine });
      await api.register(introRoutes, { intro });
      await api.register(showcaseRoutes, { showcase });
      await api.register(operLogRoutes, { db });
      await api.register(handoffRoutes, {
        db,
        sessions,
        handoff: new HandoffService(db, sessions, clock),
        now: clock,
      });
      await api.register(cmsNewsRoutes, { cmsNews });
      await api.register(cmsSubjectRoutes, { cmsSubject: services.cmsSubject });
      await api.register(cmsColumnRoutes, { cmsColumn: services.cmsColumn });
      await api.register(cmsOverviewRoutes, { cmsOverview: services.cmsOverview });
      await api.register(cmsVideoRoutes, { cmsVideo: services.cmsVideo });
      await api.register(cmsMagazineRoutes, { cmsMagazine: services.cmsMagazine });
      await api.register(cmsShowcaseRoutes, { cmsShowcase: services.cmsShowcase });
      await api.register(cmsIntroRoutes, { cmsIntro: services.cmsIntro });
      await api.register(cmsSiteRoutes, { cmsSite: services.cmsSite });
      await api.register(cmsStaffRoutes, { cmsStaff: services.cmsStaff });
      await api.register(cmsDepartmentRoutes, { cmsDepartment: services.cmsDepartment });
      api.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
      api.all('/*', async () => {
        throw new AppError(404, '接口不存在');
      });
    },
    { prefix: '/api' },
  );

  // Files of the old site, opened by their path (oldfile 1): read-only, under DATA_DIR/upload.
  const legacyRoot = path.join(config.dataDir, 'upload');
  fs.mkdirSync(legacyRoot, { recursive: true });
  await app.register(fastifyStatic, {
    root: legacyRoot,
    prefix: '/upload/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
  });

  if (deps.web) await app.register(webPages, { build: deps.web, api: app });
  return app;
}

/** The domain services over one database and storage; the seed builds the same set. */
export function createServices(
  deps: Pick<AppDeps, 'config' | 'db' | 'dialect' | 'storage' | 'clock'>,
) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const storage = deps.storage ?? new LocalDiskStorage(path.join(deps.config.dataDir, 'files'));
  const search = new SearchIndex(db, deps.dialect, clock);
  const news = new NewsService(db, search, clock);
  const files = new FileService(db, storage, clock);
  return {
    files,
    uploads: new UploadService(files),
    search,
    news,
    cmsNews: new CmsNewsService(db, news, clock),
    cmsSubject: new CmsSubjectService(db, news, clock),
    cmsColumn: new CmsColumnService(db, clock),
    cmsOverview: new CmsOverviewService(db, clock),
    engagement: new EngagementService(db, clock),
    video: new VideoService(db, search, clock),
    magazine: new MagazineService(db, clock),
    intro: new IntroService(db, clock),
    showcase: new ShowcaseService(db),
    cmsVideo: new CmsVideoService(db, search, clock),
    cmsMagazine: new CmsMagazineService(db, clock),
    cmsShowcase: new CmsShowcaseService(db, clock),
    cmsIntro: new CmsIntroService(db, clock),
    cmsSite: new CmsSiteService(db, clock),
    cmsStaff: new CmsStaffService(db, clock),
    cmsDepartment: new CmsDepartmentService(db, clock),
  };
}

export type Services = ReturnType<typeof createServices>;
