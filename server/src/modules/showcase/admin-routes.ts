import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { cmsShowcaseCalls as calls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { rowRoutes, saveRoute } from '../../platform/catalogue/route-kit.js';
import type { CmsShowcaseService } from './admin-service.js';

/**
 * The platform's calls for the home carousel and cover banners
 * (api/cms/banner/*) and the student societies (api/cms/society/*).
 * Administrators only; the service decides.
 */
export const cmsShowcaseRoutes: FastifyPluginAsyncTypebox<{
  cmsShowcase: CmsShowcaseService;
}> = async (app, { cmsShowcase }) => {
  const { banners, societies } = cmsShowcase;

  // ---- banners ----

  route(app, calls.bannerList, async (request) => {
    const { place, typeId, pageNum, pageSize } = request.body;
    return ok(await banners.list({ place, typeId }, staffOf(request), { pageNum, pageSize }));
  });

  saveRoute(app, calls.bannerSave, 'bannerId', (body, staff, ip) => banners.save(body, staff, ip));

  rowRoutes(app, 'bannerId', banners, {
    enable: calls.bannerEnable,
    move: calls.bannerMove,
    delete: calls.bannerRemove,
  });

  // ---- societies ----

  route(app, calls.societyList, async (request) => {
    const { associationType, keyword, pageNum, pageSize } = request.body;
    return ok(
      await societies.list({ category: associationType, keyword }, staffOf(request), {
        pageNum,
        pageSize,
      }),
    );
  });

  saveRoute(app, calls.societySave, 'associationId', (body, staff, ip) =>
    societies.save(body, staff, ip),
  );

  rowRoutes(app, 'associationId', societies, {
    enable: calls.societyEnable,
    delete: calls.societyRemove,
  });
};
