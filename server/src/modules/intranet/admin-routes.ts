import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { siteDictionaryRoutes } from './dictionary-routes.js';
import { siteNoticeRoutes } from './notice-routes.js';
import { siteParameterRoutes } from './parameter-admin-routes.js';
import type { CmsSiteService } from './admin-service.js';
import { siteWorkbenchRoutes } from './workbench-routes.js';

/**
 * The intranet's settings and lists, for logged-in staff: api/cms/notice/*,
 * api/cms/workbench/*, api/cms/parameter/*, api/cms/dictionary/* and the
 * drive's api/dictionary/list. Who may do what is the service's to decide.
 */
export const cmsSiteRoutes: FastifyPluginAsyncTypebox<{ cmsSite: CmsSiteService }> = async (
  app,
  { cmsSite },
) => {
  await app.register(siteNoticeRoutes, { notices: cmsSite.notices });
  await app.register(siteWorkbenchRoutes, { workbench: cmsSite.workbench });
  await app.register(siteParameterRoutes, { parameters: cmsSite.parameters });
  await app.register(siteDictionaryRoutes, { dictionaries: cmsSite.dictionaries });
};
