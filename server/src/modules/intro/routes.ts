import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { introCalls } from '@school/common/api';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { IntroService } from './service.js';

/** The school-introduction (Encounter) section of portal.md §7: pages (wwfz) and people (fmsm). */
export const introRoutes: FastifyPluginAsyncTypebox<{ intro: IntroService }> = async (
  app,
  { intro },
) => {
  route(app, introCalls.pages, { preHandler: app.optionalStaff }, async (request) => {
    const { wwfzType, wwfzId, enableType, pageNum, pageSize } = request.body;
    return ok(
      await intro.pages({ wwfzType, wwfzId, enableType }, request.staff, { pageNum, pageSize }),
    );
  });

  route(app, introCalls.people, { preHandler: app.optionalStaff }, async (request) => {
    const { fmsmType, subjectId, enableType, pageNum, pageSize } = request.body;
    return ok(
      await intro.people({ fmsmType, subjectId, enableType }, request.staff, {
        pageNum,
        pageSize,
      }),
    );
  });
};
