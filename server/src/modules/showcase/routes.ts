import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { showcaseCalls } from '@school/common/api';
import { routeSchema } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { ShowcaseService } from './service.js';

/** Societies (media channel 9), the home carousel and the sections' cover banners (portal.md §7). */
export const showcaseRoutes: FastifyPluginAsyncTypebox<{ showcase: ShowcaseService }> = async (
  app,
  { showcase },
) => {
  app.post(
    '/news/getSocietyList',
    {
      schema: routeSchema(showcaseCalls.societies, {
        summary: '学生社团（按类别、再按排序号）',
        tags: ['showcase'],
      }),
    },
    async () => ok(await showcase.societies()),
  );

  app.post(
    '/moveImg/getMoveImg',
    {
      schema: routeSchema(showcaseCalls.homeBanners, {
        summary: '首页轮播图',
        tags: ['showcase'],
      }),
    },
    async () => ok(await showcase.homeBanners()),
  );

  app.post(
    '/coverPic/getCoverPic',
    {
      schema: routeSchema(showcaseCalls.cover, {
        summary: '栏目封面图（typeId：5 校园媒体，9 走进学校/图片/视频，14 校园专栏，0 校刊）',
        tags: ['showcase'],
      }),
    },
    async (request) => ok(await showcase.cover(request.body?.typeId)),
  );
};
