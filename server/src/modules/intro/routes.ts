import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { introCalls } from '@school/common/api';
import { routeSchema } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { IntroService } from './service.js';

/** The school-introduction (Encounter) section of portal.md §7: pages (wwfz) and people (fmsm). */
export const introRoutes: FastifyPluginAsyncTypebox<{ intro: IntroService }> = async (
  app,
  { intro },
) => {
  app.post(
    '/wwfz/getWwfzDetails',
    {
      preHandler: app.optionalStaff,
      schema: routeSchema(introCalls.pages, {
        summary: '学校介绍的页面（按 wwfzType；wwfzId 只取其中一页），按排序号、再按新旧',
        tags: ['intro'],
      }),
    },
    async (request) => {
      const { wwfzType, wwfzId, enableType, pageNum, pageSize } = request.body;
      return ok(
        await intro.pages({ wwfzType, wwfzId, enableType }, request.staff, { pageNum, pageSize }),
      );
    },
  );

  app.post(
    '/fmsm/getFmsmDetails',
    {
      preHandler: app.optionalStaff,
      schema: routeSchema(introCalls.people, {
        summary: '人物（历任校长、名师、校友、校园之星，按 fmsmType），按排序号、再按新旧',
        tags: ['intro'],
      }),
    },
    async (request) => {
      const { fmsmType, subjectId, enableType, pageNum, pageSize } = request.body;
      return ok(
        await intro.people({ fmsmType, subjectId, enableType }, request.staff, {
          pageNum,
          pageSize,
        }),
      );
    },
  );
};
