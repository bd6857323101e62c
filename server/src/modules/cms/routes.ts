import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { cmsCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { routeSchema } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { CmsOverviewService } from './service.js';

/** `api/cms/overview`: the platform home's counts for the caller. */
export const cmsOverviewRoutes: FastifyPluginAsyncTypebox<{
  cmsOverview: CmsOverviewService;
}> = async (app, { cmsOverview }) => {
  app.post(
    '/cms/overview',
    {
      onRequest: app.requireStaff,
      schema: routeSchema(cmsCalls.overview, {
        summary: '内容管理：首页待办（待审核、我的草稿、被退回、定时发布）',
        tags: ['cms'],
      }),
    },
    async (request) => ok(await cmsOverview.overview(staffOf(request))),
  );
};
