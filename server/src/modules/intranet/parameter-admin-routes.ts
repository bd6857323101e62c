import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parameterCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import {
  blankFields,
  rowRoutes,
  saveRoute,
  zeroClears,
} from '../../platform/catalogue/route-kit.js';
import type { SiteParameters } from './parameters.js';

/** api/cms/parameter/*: system parameters and external sites (staffType 5). */
export const siteParameterRoutes: FastifyPluginAsyncTypebox<{
  parameters: SiteParameters;
}> = async (app, { parameters }) => {
  route(app, parameterCalls.adminList, async (request) =>
    ok(await parameters.list(staffOf(request))),
  );

  saveRoute(
    app,
    parameterCalls.save,
    'parameterId',
    { preValidation: blankFields(['parameterType'], ['picFileId']) },
    (body, staff, ip) =>
      parameters.save(
        {
          id: body.parameterId,
          code: body.parameteCode,
          name: body.parameterName,
          value: body.parameteValue,
          type: body.parameterType,
          picFileId: zeroClears(body.picFileId),
          sort: body.sort,
        },
        staff,
        ip,
      ),
  );

  rowRoutes(app, 'parameterId', parameters, {
    move: parameterCalls.move,
    delete: parameterCalls.remove,
  });
};
