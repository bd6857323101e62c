import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parameterCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { blankFields, rowRoutes } from '../../platform/catalogue/route-kit.js';
import type { SiteParameters } from './parameters.js';

/** api/cms/parameter/*: system parameters and external sites (staffType 5). */
export const siteParameterRoutes: FastifyPluginAsyncTypebox<{
  parameters: SiteParameters;
}> = async (app, { parameters }) => {
  route(app, parameterCalls.adminList, async (request) =>
    ok(await parameters.list(staffOf(request))),
  );

  route(
    app,
    parameterCalls.save,
    { preValidation: blankFields(['parameterType'], ['picFileId']) },
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

  rowRoutes(app, 'parameterId', parameters, {
    move: parameterCalls.move,
    delete: parameterCalls.remove,
  });
};
