import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { siteSearchCalls } from '@school/common/api';
import { route } from '../../http/contract.js';
import { staffOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import type { SiteSearch } from './service.js';

/** The intranet's site search (/sechresPage), for logged-in staff. */
export const siteSearchRoutes: FastifyPluginAsyncTypebox<{ siteSearch: SiteSearch }> = async (
  app,
  { siteSearch },
) => {
  route(app, siteSearchCalls.search, async (request) => {
    const { type = 1, pageNum, pageSize, enableType: _all, ...filters } = request.body;
    return ok(
      await siteSearch.search({ type, ...filters }, { pageNum, pageSize }, staffOf(request)),
    );
  });
};
