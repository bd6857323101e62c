import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { magazineCalls } from '@school/common/api';
import { routeSchema } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { MagazineService } from './service.js';

export interface MagazineRouteDeps {
  magazine: MagazineService;
}

/** The magazine controller of portal.md §7: the issues of a series and one issue's PDF. */
export const magazineRoutes: FastifyPluginAsyncTypebox<MagazineRouteDeps> = async (
  app,
  { magazine },
) => {
  app.post(
    '/magazine/selMagazineList',
    {
      schema: routeSchema(magazineCalls.list, {
        summary: '校刊列表（typeId 为刊物系列 1、2、3，每页 15 本，最新在前）',
        tags: ['magazine'],
      }),
    },
    async (request) => {
      const { typeId, pageNum, pageSize } = request.body;
      return ok(await magazine.list(typeId, { pageNum, pageSize }));
    },
  );

  app.post(
    '/magazine/selMagazineDetails',
    {
      schema: routeSchema(magazineCalls.detail, {
        summary: '校刊详情（filePath 为 PDF 地址）',
        tags: ['magazine'],
      }),
    },
    async (request) => ok(await magazine.detail(request.body.magazineId)),
  );
};
