import type { FastifyPluginAsync } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import type { CmsColumnService, ColumnChange } from './column-service.js';

const item = { type: 'object', additionalProperties: true } as const;

/** `api/cms/column/*`: the news columns' names, order and openness to teachers (isPower 1). */
export const cmsColumnRoutes: FastifyPluginAsync<{ cmsColumn: CmsColumnService }> = async (
  app,
  { cmsColumn },
) => {
  app.addHook('onRequest', app.requireStaff);

  app.post(
    '/cms/column/list',
    {
      schema: {
        summary: '内容管理：新闻栏目（名称、排序、是否向教师开放、新闻数）',
        tags: ['cms'],
        response: { 200: envelopeSchema({ type: 'array', items: item }) },
      },
    },
    async (request) => ok(await cmsColumn.list(staffOf(request))),
  );

  app.post<{ Body: ColumnChange }>(
    '/cms/column/save',
    {
      schema: {
        summary: '内容管理：修改栏目名称、排序或是否向教师开放（栏目编号固定，不能增删）',
        tags: ['cms'],
        body: {
          type: 'object',
          required: ['typeId'],
          properties: {
            typeId: { type: 'integer', minimum: 1, errorMessage: '请选择栏目' },
            typeName: {
              type: 'string',
              maxLength: 64,
              errorMessage: '栏目名称不能超过64个字',
            },
            teacherOpen: { type: 'integer', enum: [0, 1], errorMessage: 'teacherOpen 须为 0 或 1' },
            sort: {
              type: 'integer',
              minimum: 0,
              maximum: 100000,
              errorMessage: '排序须为0到100000的整数',
            },
          },
        },
        response: { 200: envelopeSchema(item) },
      },
    },
    async (request) =>
      ok(await cmsColumn.save(request.body, staffOf(request), request.ip), '已保存'),
  );
};
