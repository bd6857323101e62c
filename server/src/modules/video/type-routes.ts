import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { cmsVideoTypeCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
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
  route(app, cmsVideoTypeCalls.list, async (request) => ok(await types.list(staffOf(request))));

  route(app, cmsVideoTypeCalls.save, async (request) => {
    const { typeId, typeName, sort } = request.body;
    const saved = await types.save({ typeId, typeName, sort }, staffOf(request), request.ip);
    return ok({ typeId: saved }, '保存成功');
  });

  route(app, cmsVideoTypeCalls.remove, async (request) => {
    await types.remove(request.body.typeId, staffOf(request), request.ip);
    return ok(null, '删除成功');
  });
};
