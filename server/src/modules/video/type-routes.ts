import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { cmsVideoTypeCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { routeSchema } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { CmsVideoTypeService } from './type-service.js';

/**
 * The video categories of the content-management platform (administrators,
 * isPower 1). Registered inside cmsVideoRoutes, behind its login check.
 */
export const cmsVideoTypeRoutes: FastifyPluginAsyncTypebox<{ types: CmsVideoTypeService }> = async (
  app,
  { types },
) => {
  app.post(
    '/cms/videoType/list',
    {
      schema: routeSchema(cmsVideoTypeCalls.list, {
        summary: '内容管理：视频分类（按排序；videoCount 为使用该分类的视频数），仅管理员',
        tags: ['cms'],
      }),
    },
    async (request) => ok(await types.list(staffOf(request))),
  );

  app.post(
    '/cms/videoType/save',
    {
      schema: routeSchema(cmsVideoTypeCalls.save, {
        summary: '内容管理：新增（无 typeId）或修改视频分类，仅管理员；分类均为一级（parentId 0）',
        tags: ['cms'],
      }),
    },
    async (request) => {
      const { typeId, typeName, sort } = request.body;
      const saved = await types.save({ typeId, typeName, sort }, staffOf(request), request.ip);
      return ok({ typeId: saved }, '保存成功');
    },
  );

  app.post(
    '/cms/videoType/delete',
    {
      schema: routeSchema(cmsVideoTypeCalls.remove, {
        summary: '内容管理：删除视频分类（仍有视频使用时拒绝），仅管理员',
        tags: ['cms'],
      }),
    },
    async (request) => {
      await types.remove(request.body.typeId, staffOf(request), request.ip);
      return ok(null, '删除成功');
    },
  );
};
