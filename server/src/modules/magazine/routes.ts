import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { magazineCalls } from '@school/common/api';
import { route } from '../../http/contract.js';
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
  route(app, magazineCalls.list, async (request) => {
    const { typeId, pageNum, pageSize } = request.body;
    return ok(await magazine.list(typeId, { pageNum, pageSize }));
  });

  route(app, magazineCalls.detail, async (request) =>
    ok(await magazine.detail(request.body.magazineId)),
  );
};
