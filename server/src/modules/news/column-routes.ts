import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { cmsColumnCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { routeSchema } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { CmsColumnService } from './column-service.js';

/** `api/cms/column/*`: the news columns' names, order and openness to teachers (isPower 1). */
export const cmsColumnRoutes: FastifyPluginAsyncTypebox<{ cmsColumn: CmsColumnService }> = async (
  app,
  { cmsColumn },
) => {
  app.addHook('onRequest', app.requireStaff);

  app.post(
    '/cms/column/list',
    {
      schema: routeSchema(cmsColumnCalls.list, {
        summary: '内容管理：新闻栏目（名称、排序、是否向教师开放、新闻数）',
        tags: ['cms'],
      }),
    },
    async (request) => ok(await cmsColumn.list(staffOf(request))),
  );

  app.post(
    '/cms/column/save',
    {
      schema: routeSchema(cmsColumnCalls.save, {
        summary: '内容管理：修改栏目名称、排序或是否向教师开放（栏目编号固定，不能增删）',
        tags: ['cms'],
      }),
    },
    async (request) =>
      ok(await cmsColumn.save(request.body, staffOf(request), request.ip), '已保存'),
  );
};
