import type { FastifyPluginAsync } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import {
  SORT_FIELD,
  blankFields,
  idField,
  itemList,
  rowRoutes,
} from '../../platform/catalogue/route-kit.js';
import type { SiteParameters } from './parameters.js';

const PARAMETER_ID = idField('请选择参数');

interface SaveBody {
  parameterId?: number;
  parameteCode: string;
  parameterName: string;
  parameteValue?: string;
  parameterType?: string;
  picFileId?: number | null;
  sort?: number;
}

/** api/cms/parameter/*: system parameters and external sites (staffType 5). */
export const siteParameterRoutes: FastifyPluginAsync<{ parameters: SiteParameters }> = async (
  app,
  { parameters },
) => {
  app.post(
    '/cms/parameter/list',
    {
      schema: {
        summary: '内容管理：全部系统参数，按编码分组，附编码含义',
        tags: ['cms'],
        response: { 200: envelopeSchema(itemList) },
      },
    },
    async (request) => ok(await parameters.list(staffOf(request))),
  );

  app.post<{ Body: SaveBody }>(
    '/cms/parameter/save',
    {
      preValidation: blankFields(['parameterId', 'parameterType', 'sort'], ['picFileId']),
      schema: {
        summary:
          '内容管理：保存一行参数（无 parameterId 为在该编码下新增）；链接类参数须为 http(s):// 或站内地址；picFileId 为上传的图片，0 清除',
        tags: ['cms'],
        body: {
          type: 'object',
          required: ['parameteCode', 'parameterName'],
          properties: {
            parameterId: PARAMETER_ID,
            parameteCode: {
              type: 'string',
              pattern: '^[A-Z0-9_]{2,32}$',
              errorMessage: '参数编码须为2到32位大写字母、数字或下划线',
            },
            parameterName: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
              errorMessage: '请输入参数名称，不超过100个字',
            },
            parameteValue: {
              type: 'string',
              maxLength: 1000,
              errorMessage: '参数值不能超过1000个字',
            },
            parameterType: {
              type: 'string',
              enum: ['1', '2'],
              errorMessage: 'parameterType 须为 1（所有人可见）或 2（仅管理员可见）',
            },
            picFileId: {
              type: ['integer', 'null'],
              minimum: 0,
              errorMessage: '图片不正确，请重新上传',
            },
            sort: SORT_FIELD,
          },
        },
        response: {
          200: envelopeSchema({ type: 'object', properties: { parameterId: { type: 'integer' } } }),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const parameterId = await parameters.save(
        {
          id: body.parameterId,
          code: body.parameteCode,
          name: body.parameterName,
          value: body.parameteValue,
          type: body.parameterType,
          picFileId: body.picFileId === undefined ? undefined : body.picFileId || null,
          sort: body.sort,
        },
        staffOf(request),
        request.ip,
      );
      return ok({ parameterId }, '保存成功');
    },
  );

  rowRoutes(
    app,
    '/cms/parameter',
    { idName: 'parameterId', id: PARAMETER_ID },
    {
      move: {
        summary: '内容管理：参数行在同一编码内上移或下移一位；答复该编码各行的新顺序',
        run: (id, direction, staff, ip) => parameters.move(id, direction, staff, ip),
      },
      delete: {
        summary: '内容管理：删除一行参数（网站正在使用的编码至少保留一行）',
        run: (id, staff, ip) => parameters.remove(id, staff, ip),
      },
    },
  );
};
