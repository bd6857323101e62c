import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { showcaseCalls } from '@school/common/api';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { ShowcaseService } from './service.js';

/** Societies (media channel 9), the home carousel and the sections' cover banners (portal.md §7). */
export const showcaseRoutes: FastifyPluginAsyncTypebox<{ showcase: ShowcaseService }> = async (
  app,
  { showcase },
) => {
  route(app, showcaseCalls.societies, async () => ok(await showcase.societies()));

  route(app, showcaseCalls.homeBanners, async () => ok(await showcase.homeBanners()));

  route(app, showcaseCalls.cover, async (request) =>
    ok(await showcase.cover(request.body?.typeId)),
  );
};
