import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { magazineCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { saveRoute } from '../../platform/catalogue/route-kit.js';
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
  route(app, magazineCalls.adminList, async (request) => {
    const { typeId, keyword, pageNum, pageSize } = request.body;
    return ok(
      await cmsMagazine.list({ seriesId: typeId, keyword }, staffOf(request), {
        pageNum,
        pageSize,
      }),
    );
  });

  saveRoute(app, magazineCalls.save, 'magazineId', (body, staff, ip) =>
    cmsMagazine.save(
      {
        magazineId: body.magazineId,
        seriesId: body.typeId,
        title: body.magazineTitle,
        coverFileId: body.coverFileId || null,
        pdfFileId: body.pdfFileId,
        enabled: body.enabled,
        version: body.version,
      },
      staff,
      ip,
    ),
  );

  route(app, magazineCalls.enable, async (request) => {
    const { magazineId, enabled } = request.body;
    const state = await cmsMagazine.setEnabled(magazineId, enabled, staffOf(request), request.ip);
    return ok(state, enabled ? '已启用' : '已停用');
  });

  route(app, magazineCalls.remove, async (request) => {
    await cmsMagazine.remove(request.body.magazineId, staffOf(request), request.ip);
    return ok(null, '删除成功');
  });
};
