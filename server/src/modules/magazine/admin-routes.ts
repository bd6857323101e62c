import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { envelopeSchema, nullSchema, ok } from '../../http/envelope.js';
import { pageFields, pageSchema, type Paging } from '../../http/paging.js';
import { MAGAZINE_SERIES, SERIES_MESSAGE } from './service.js';
import type { CmsMagazineService } from './admin-service.js';

const MAGAZINE_ID = { type: 'integer', minimum: 1, errorMessage: '请选择刊物' } as const;
const SERIES_ID = {
  type: 'integer',
  enum: MAGAZINE_SERIES.map((s) => s.id),
  errorMessage: SERIES_MESSAGE,
} as const;
const item = { type: 'object', additionalProperties: true } as const;
const idBody = {
  type: 'object',
  required: ['magazineId'],
  properties: { magazineId: MAGAZINE_ID },
} as const;

interface SaveBody {
  magazineId?: number;
  typeId: number;
  magazineTitle: string;
  coverFileId?: number;
  pdfFileId: number;
  enabled?: 0 | 1;
}

/** Optional numbers a form sends as '' when left empty: the same as not sent. */
async function dropBlanks(request: FastifyRequest) {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object') return;
  for (const key of ['magazineId', 'typeId', 'coverFileId', 'enabled']) {
    if (body[key] === '') delete body[key];
  }
}

/**
 * The magazine calls of the content-management platform (administrators,
 * isPower 1): the issues of a series, saving one with its cover and PDF,
 * showing or hiding it on the portal, deleting it. typeId is the series,
 * as in the portal's api/magazine/selMagazineList.
 */
export const cmsMagazineRoutes: FastifyPluginAsync<{ cmsMagazine: CmsMagazineService }> = async (
  app,
  { cmsMagazine },
) => {
  app.addHook('onRequest', app.requireStaff);

  app.post<{ Body: Paging & { typeId?: number; keyword?: string } }>(
    '/cms/magazine/list',
    {
      preValidation: dropBlanks,
      schema: {
        summary: '内容管理：校刊列表（typeId 为系列 1、2、3，不传为全部；含已停用的，最新在前）',
        tags: ['cms'],
        body: {
          type: 'object',
          properties: {
            typeId: SERIES_ID,
            keyword: { type: 'string', maxLength: 50, errorMessage: '搜索内容不能超过50个字' },
            ...pageFields(10, 100),
          },
        },
        response: { 200: envelopeSchema(pageSchema(item)) },
      },
    },
    async (request) => {
      const { typeId, keyword, pageNum, pageSize } = request.body;
      return ok(
        await cmsMagazine.list({ seriesId: typeId, keyword }, staffOf(request), {
          pageNum,
          pageSize,
        }),
      );
    },
  );

  app.post<{ Body: SaveBody }>(
    '/cms/magazine/save',
    {
      preValidation: dropBlanks,
      schema: {
        summary: '内容管理：新增（无 magazineId）或修改一期校刊：系列、名称、封面图片、PDF 文件',
        tags: ['cms'],
        body: {
          type: 'object',
          required: ['typeId', 'magazineTitle', 'pdfFileId'],
          properties: {
            magazineId: MAGAZINE_ID,
            typeId: SERIES_ID,
            magazineTitle: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
              errorMessage: '请输入刊物名称，不超过100个字',
            },
            coverFileId: { type: 'integer', minimum: 0, errorMessage: '封面图片不正确' },
            pdfFileId: { type: 'integer', minimum: 1, errorMessage: '请上传刊物 PDF 文件' },
            enabled: { type: 'integer', enum: [0, 1], errorMessage: 'enabled 须为 0 或 1' },
          },
        },
        response: {
          200: envelopeSchema({
            type: 'object',
            properties: { magazineId: { type: 'integer' } },
          }),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const magazineId = await cmsMagazine.save(
        {
          magazineId: body.magazineId,
          seriesId: body.typeId,
          title: body.magazineTitle,
          coverFileId: body.coverFileId || null,
          pdfFileId: body.pdfFileId,
          enabled: body.enabled,
        },
        staffOf(request),
        request.ip,
      );
      return ok({ magazineId }, '保存成功');
    },
  );

  app.post<{ Body: { magazineId: number; enabled: 0 | 1 } }>(
    '/cms/magazine/enable',
    {
      schema: {
        summary: '内容管理：启用（enabled 1，在门户显示）或停用（enabled 0）一期校刊',
        tags: ['cms'],
        body: {
          type: 'object',
          required: ['magazineId', 'enabled'],
          properties: {
            magazineId: MAGAZINE_ID,
            enabled: { type: 'integer', enum: [0, 1], errorMessage: 'enabled 须为 0 或 1' },
          },
        },
        response: { 200: envelopeSchema(item) },
      },
    },
    async (request) => {
      const { magazineId, enabled } = request.body;
      const state = await cmsMagazine.setEnabled(magazineId, enabled, staffOf(request), request.ip);
      return ok(state, enabled ? '已启用' : '已停用');
    },
  );

  app.post<{ Body: { magazineId: number } }>(
    '/cms/magazine/delete',
    {
      schema: {
        summary: '内容管理：删除一期校刊',
        tags: ['cms'],
        body: idBody,
        response: { 200: envelopeSchema(nullSchema) },
      },
    },
    async (request) => {
      await cmsMagazine.remove(request.body.magazineId, staffOf(request), request.ip);
      return ok(null, '删除成功');
    },
  );
};
