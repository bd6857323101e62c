import type { FastifyPluginAsync } from 'fastify';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { pageFields, pageSchema, type Paging } from '../../http/paging.js';
import { MAGAZINE_SERIES, SERIES_MESSAGE, type MagazineService } from './service.js';

const SERIES_ID = {
  type: 'integer',
  enum: MAGAZINE_SERIES.map((s) => s.id),
  errorMessage: SERIES_MESSAGE,
} as const;

const item = { type: 'object', additionalProperties: true } as const;

export interface MagazineRouteDeps {
  magazine: MagazineService;
}

/** The magazine controller of portal.md §7: the issues of a series and one issue's PDF. */
export const magazineRoutes: FastifyPluginAsync<MagazineRouteDeps> = async (app, { magazine }) => {
  app.post<{ Body: Paging & { typeId: number } }>(
    '/magazine/selMagazineList',
    {
      schema: {
        summary: '校刊列表（typeId 为刊物系列 1、2、3，每页 15 本，最新在前）',
        tags: ['magazine'],
        body: {
          type: 'object',
          required: ['typeId'],
          properties: { typeId: SERIES_ID, ...pageFields(15) },
        },
        response: { 200: envelopeSchema(pageSchema(item)) },
      },
    },
    async (request) => {
      const { typeId, pageNum, pageSize } = request.body;
      return ok(await magazine.list(typeId, { pageNum, pageSize }));
    },
  );

  app.post<{ Body: { magazineId: number } }>(
    '/magazine/selMagazineDetails',
    {
      schema: {
        summary: '校刊详情（filePath 为 PDF 地址）',
        tags: ['magazine'],
        body: {
          type: 'object',
          required: ['magazineId'],
          properties: {
            magazineId: { type: 'integer', minimum: 1, errorMessage: '请选择刊物' },
          },
        },
        response: { 200: envelopeSchema(item) },
      },
    },
    async (request) => ok(await magazine.detail(request.body.magazineId)),
  );
};
