import type { FastifyPluginAsync } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import type { CmsOverviewService } from './service.js';

const count = { type: 'integer' } as const;

/** `api/cms/overview`: the platform home's counts for the caller. */
export const cmsOverviewRoutes: FastifyPluginAsync<{ cmsOverview: CmsOverviewService }> = async (
  app,
  { cmsOverview },
) => {
  app.post(
    '/cms/overview',
    {
      onRequest: app.requireStaff,
      schema: {
        summary: '内容管理：首页待办（待审核、我的草稿、被退回、定时发布）',
        tags: ['cms'],
        response: {
          200: envelopeSchema({
            type: 'object',
            properties: {
              reviewer: { type: 'boolean' },
              newsToReview: count,
              videosToReview: count,
              myDrafts: count,
              mySubmitted: count,
              myRejected: count,
              scheduledNews: count,
            },
          }),
        },
      },
    },
    async (request) => ok(await cmsOverview.overview(staffOf(request))),
  );
};
