import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { cmsCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { CmsOverviewService } from './service.js';

/** `api/cms/overview`: the platform home's counts for the caller. */
export const cmsOverviewRoutes: FastifyPluginAsyncTypebox<{
  cmsOverview: CmsOverviewService;
}> = async (app, { cmsOverview }) => {
  route(app, cmsCalls.overview, async (request) =>
    ok(await cmsOverview.overview(staffOf(request))),
  );
};
