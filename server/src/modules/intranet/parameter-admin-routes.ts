import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parameterCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { routeSchema } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { blankFields, rowRoutes } from '../../platform/catalogue/route-kit.js';
import type { SiteParameters } from './parameters.js';

/** api/cms/parameter/*: system parameters and external sites (staffType 5). */
export const siteParameterRoutes: FastifyPluginAsyncTypebox<{
  parameters: SiteParameters;
}> = async (app, { parameters }) => {
  app.post(
    '/cms/parameter/list',
    {
      schema: routeSchema(parameterCalls.adminList, {
        summary: '内容管理：全部系统参数，按编码分组，附编码含义',
        tags: ['cms'],
      }),
    },
    async (request) => ok(await parameters.list(staffOf(request))),
  );

  app.post(
    '/cms/parameter/save',
    {
      // parameterType is text: its '' is not sent; a picture's '' clears it.
      preValidation: blankFields(['parameterType'], ['picFileId']),
      schema: routeSchema(parameterCalls.save, {
        summary:
          '内容管理：保存一行参数（无 parameterId 为在该编码下新增）；链接类参数须为 http(s):// 或站内地址；picFileId 为上传的图片，0 清除',
        tags: ['cms'],
      }),
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

  const { move, remove } = parameterCalls;
  rowRoutes(
    app,
    '/cms/parameter',
    {
      idName: 'parameterId',
      id: remove.body.properties.parameterId,
      direction: move.body.properties.direction,
      moveAnswer: move.data,
    },
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
