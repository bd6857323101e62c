import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { workbenchCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import {
  blankFields,
  rowRoutes,
  saveRoute,
  zeroClears,
} from '../../platform/catalogue/route-kit.js';
import type { SiteWorkbench } from './workbench.js';

/** api/cms/workbench/*: the staff home's workbench and application centre (staffType 5). */
export const siteWorkbenchRoutes: FastifyPluginAsyncTypebox<{ workbench: SiteWorkbench }> = async (
  app,
  { workbench },
) => {
  route(app, workbenchCalls.list, async (request) =>
    ok(await workbench.list(request.body.menuType, staffOf(request))),
  );

  saveRoute(
    app,
    workbenchCalls.save,
    'workbenchId',
    { preValidation: blankFields([], ['visitType']) },
    (body, staff, ip) =>
      workbench.save(
        {
          id: body.workbenchId,
          menuType: body.menuType,
          name: body.workbenchName,
          path: body.workbenchPath,
          passthrough: body.passthroughstatus,
          visitType: body.visitType,
          iconFileId: zeroClears(body.iconFileId),
          enabled: body.enabled,
          sort: body.sort,
        },
        staff,
        ip,
      ),
  );

  rowRoutes(app, 'workbenchId', workbench, {
    enable: workbenchCalls.enable,
    move: workbenchCalls.move,
    delete: workbenchCalls.remove,
  });
};
