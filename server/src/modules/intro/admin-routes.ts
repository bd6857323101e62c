import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  introAdminCalls as calls,
  introPageVersionCalls,
  personVersionCalls,
} from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { rowRoutes, saveRoute } from '../../platform/catalogue/route-kit.js';
import { versionRoutes } from '../../platform/publishing/version-routes.js';
import type { CmsIntroService } from './admin-service.js';

/**
 * The platform's calls for the school-introduction pages (api/cms/wwfz/*)
 * and the people (api/cms/fmsm/*): list, get, save, delete, and versions
 * with restore, each an endpoint of the contract (`introAdminCalls`,
 * `introPageVersionCalls`, `personVersionCalls`). Administrators only; the
 * service decides.
 */
export const cmsIntroRoutes: FastifyPluginAsyncTypebox<{ cmsIntro: CmsIntroService }> = async (
  app,
  { cmsIntro },
) => {
  const { pages, people } = cmsIntro;

  // ---- school-introduction pages (wwfz) ----

  route(app, calls.pageList, async (request) => {
    const { wwfzType, keyword, pageNum, pageSize } = request.body;
    return ok(await pages.list({ wwfzType, keyword }, staffOf(request), { pageNum, pageSize }));
  });

  route(app, calls.pageGet, async (request) =>
    ok(await pages.get(request.body.wwfzId, staffOf(request))),
  );

  saveRoute(app, calls.pageSave, 'wwfzId', (body, staff, ip) => pages.save(body, staff, ip));
  rowRoutes(app, 'wwfzId', pages, { delete: calls.pageRemove });

  versionRoutes(app, introPageVersionCalls, 'wwfzId', pages);

  // ---- people (fmsm) ----

  route(app, calls.personList, async (request) => {
    const { fmsmType, subjectId, keyword, pageNum, pageSize } = request.body;
    return ok(
      await people.list(
        { fmsmType, subjectId: subjectId || undefined, keyword },
        staffOf(request),
        {
          pageNum,
          pageSize,
        },
      ),
    );
  });

  route(app, calls.personGet, async (request) =>
    ok(await people.get(request.body.fmsmId, staffOf(request))),
  );

  saveRoute(app, calls.personSave, 'fmsmId', (body, staff, ip) => people.save(body, staff, ip));
  rowRoutes(app, 'fmsmId', people, { delete: calls.personRemove });

  versionRoutes(app, personVersionCalls, 'fmsmId', people);
};
