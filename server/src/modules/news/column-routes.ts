import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { cmsColumnCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { CmsColumnService } from './column-service.js';

/** `api/cms/column/*`: the news columns' names, order and openness to teachers (isPower 1). */
export const cmsColumnRoutes: FastifyPluginAsyncTypebox<{ cmsColumn: CmsColumnService }> = async (
  app,
  { cmsColumn },
) => {
  route(app, cmsColumnCalls.list, async (request) => ok(await cmsColumn.list(staffOf(request))));

  route(app, cmsColumnCalls.save, async (request) =>
    ok(await cmsColumn.save(request.body, staffOf(request), request.ip), '已保存'),
  );
};
