import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { magazineCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { routeSchema } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { CmsMagazineService } from './admin-service.js';

/**
 * The magazine calls of the content-management platform (administrators,
 * isPower 1): the issues of a series, saving one with its cover and PDF,
 * showing or hiding it on the portal, deleting it. typeId is the series,
 * as in the portal's api/magazine/selMagazineList.
 */
export const cmsMagazineRoutes: FastifyPluginAsyncTypebox<{
  cmsMagazine: CmsMagazineService;
}> = async (app, { cmsMagazine }) => {
  app.addHook('onRequest', app.requireStaff);

  app.post(
    '/cms/magazine/list',
    {
      schema: routeSchema(magazineCalls.adminList, {
        summary: '内容管理：校刊列表（typeId 为系列 1、2、3，不传为全部；含已停用的，最新在前）',
        tags: ['cms'],
      }),
    },
    async (request) => {
      const { typeId, keyword, pageNum, pageSize } = request.body;
      return ok(
        await cmsMagazine.list({ seriesId: typeId, keyword }, staffOf(request), {
          pageNum,
          pageSize,
        }),
      );
    },
  );

  app.post(
    '/cms/magazine/save',
    {
      schema: routeSchema(magazineCalls.save, {
        summary: '内容管理：新增（无 magazineId）或修改一期校刊：系列、名称、封面图片、PDF 文件',
        tags: ['cms'],
      }),
    },
    async (request) => {
      const body = request.body;
      const magazineId = await cmsMagazine.save(
        {
          magazineId: body.magazineId,
          seriesId: body.typeId,
          title: body.magazineTitle,
          coverFileId: body.coverFileId || null,
          pdfFileId: body.pdfFileId,
          enabled: body.enabled,
        },
        staffOf(request),
        request.ip,
      );
      return ok({ magazineId }, '保存成功');
    },
  );

  app.post(
    '/cms/magazine/enable',
    {
      schema: routeSchema(magazineCalls.enable, {
        summary: '内容管理：启用（enabled 1，在门户显示）或停用（enabled 0）一期校刊',
        tags: ['cms'],
      }),
    },
    async (request) => {
      const { magazineId, enabled } = request.body;
      const state = await cmsMagazine.setEnabled(magazineId, enabled, staffOf(request), request.ip);
      return ok(state, enabled ? '已启用' : '已停用');
    },
  );

  app.post(
    '/cms/magazine/delete',
    {
      schema: routeSchema(magazineCalls.remove, {
        summary: '内容管理：删除一期校刊',
        tags: ['cms'],
      }),
    },
    async (request) => {
      await cmsMagazine.remove(request.body.magazineId, staffOf(request), request.ip);
      return ok(null, '删除成功');
    },
  );
};
