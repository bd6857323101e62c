import type { FastifyPluginAsync } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { envelopeSchema, nullSchema, ok } from '../../http/envelope.js';
import type { CmsVideoTypeService, VideoTypeInput } from './type-service.js';

const TYPE_ID = { type: 'integer', minimum: 1, errorMessage: '请选择视频分类' } as const;
const item = { type: 'object', additionalProperties: true } as const;

/**
 * The video categories of the content-management platform (administrators,
 * isPower 1). Registered inside cmsVideoRoutes, behind its login check.
 */
export const cmsVideoTypeRoutes: FastifyPluginAsync<{ types: CmsVideoTypeService }> = async (
  app,
  { types },
) => {
  app.post(
    '/cms/videoType/list',
    {
      schema: {
        summary: '内容管理：视频分类（按排序；videoCount 为使用该分类的视频数），仅管理员',
        tags: ['cms'],
        response: { 200: envelopeSchema({ type: 'array', items: item }) },
      },
    },
    async (request) => ok(await types.list(staffOf(request))),
  );

  app.post<{ Body: VideoTypeInput & { parentId?: number } }>(
    '/cms/videoType/save',
    {
      preValidation: async (request) => {
        const body = request.body as unknown as Record<string, unknown> | null;
        if (body && typeof body === 'object') {
          for (const key of ['typeId', 'sort', 'parentId']) if (body[key] === '') delete body[key];
        }
      },
      schema: {
        summary: '内容管理：新增（无 typeId）或修改视频分类，仅管理员；分类均为一级（parentId 0）',
        tags: ['cms'],
        body: {
          type: 'object',
          required: ['typeName'],
          properties: {
            typeId: TYPE_ID,
            typeName: {
              type: 'string',
              minLength: 1,
              maxLength: 20,
              errorMessage: '请输入分类名称，不超过20个字',
            },
            sort: {
              type: 'integer',
              minimum: 0,
              maximum: 9999,
              errorMessage: '排序须为0到9999的整数',
            },
            parentId: {
              type: 'integer',
              enum: [0],
              errorMessage: '视频分类只有一级，parentId 须为 0',
            },
          },
        },
        response: {
          200: envelopeSchema({ type: 'object', properties: { typeId: { type: 'integer' } } }),
        },
      },
    },
    async (request) => {
      const { typeId, typeName, sort } = request.body;
      const saved = await types.save({ typeId, typeName, sort }, staffOf(request), request.ip);
      return ok({ typeId: saved }, '保存成功');
    },
  );

  app.post<{ Body: { typeId: number } }>(
    '/cms/videoType/delete',
    {
      schema: {
        summary: '内容管理：删除视频分类（仍有视频使用时拒绝），仅管理员',
        tags: ['cms'],
        body: { type: 'object', required: ['typeId'], properties: { typeId: TYPE_ID } },
        response: { 200: envelopeSchema(nullSchema) },
      },
    },
    async (request) => {
      await types.remove(request.body.typeId, staffOf(request), request.ip);
      return ok(null, '删除成功');
    },
  );
};
