import type { FastifyPluginAsync } from 'fastify';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { COVER_TYPES, COVER_TYPE_MESSAGE, type ShowcaseService } from './service.js';

/** Calls without a payload: an empty form body, no body at all and `{}` are all accepted. */
const NO_PAYLOAD = { type: ['object', 'null'] } as const;

const bannerItem = {
  type: 'object',
  properties: {
    coverUrl: { type: 'string' },
    coverTitle: { type: 'string' },
    newsUrl: { type: ['string', 'null'] },
  },
} as const;

const societyItem = {
  type: 'object',
  properties: {
    associationId: { type: 'integer' },
    associationName: { type: 'string' },
    associationType: { type: 'integer' },
    associationTypeName: { type: 'string' },
    associationLog: { type: 'string' },
    associationPic: { type: 'string' },
  },
} as const;

/** Societies (media channel 9), the home carousel and the sections' cover banners (portal.md §7). */
export const showcaseRoutes: FastifyPluginAsync<{ showcase: ShowcaseService }> = async (
  app,
  { showcase },
) => {
  app.post(
    '/news/getSocietyList',
    {
      schema: {
        summary: '学生社团（按类别、再按排序号）',
        tags: ['showcase'],
        body: NO_PAYLOAD,
        response: { 200: envelopeSchema({ type: 'array', items: societyItem }) },
      },
    },
    async () => ok(await showcase.societies()),
  );

  app.post(
    '/moveImg/getMoveImg',
    {
      schema: {
        summary: '首页轮播图',
        tags: ['showcase'],
        body: NO_PAYLOAD,
        response: { 200: envelopeSchema({ type: 'array', items: bannerItem }) },
      },
    },
    async () => ok(await showcase.homeBanners()),
  );

  app.post<{ Body: { typeId: number } | null }>(
    '/coverPic/getCoverPic',
    {
      schema: {
        summary: '栏目封面图（typeId：5 校园媒体，9 走进学校/图片/视频，14 校园专栏，0 校刊）',
        tags: ['showcase'],
        // A call without any body is answered with the typeId message too.
        body: {
          type: ['object', 'null'],
          required: ['typeId'],
          properties: {
            typeId: {
              type: 'integer',
              enum: Object.keys(COVER_TYPES).map(Number),
              errorMessage: COVER_TYPE_MESSAGE,
            },
          },
        },
        response: { 200: envelopeSchema({ type: 'array', items: bannerItem }) },
      },
    },
    async (request) => ok(await showcase.cover(request.body?.typeId)),
  );
};
