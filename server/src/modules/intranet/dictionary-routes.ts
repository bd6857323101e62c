import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { dictionaryCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { SiteDictionaries } from './dictionaries.js';
import { rowRoutes, saveRoute } from '../../platform/catalogue/route-kit.js';

/**
 * api/cms/dictionary/*: the drive's dictionaries (staffType 5), and
 * api/dictionary/list, the enabled values every logged-in staff member reads.
 */
export const siteDictionaryRoutes: FastifyPluginAsyncTypebox<{
  dictionaries: SiteDictionaries;
}> = async (app, { dictionaries }) => {
  route(app, dictionaryCalls.values, async (request) =>
    ok(await dictionaries.values(request.body.dicCode)),
  );

  route(app, dictionaryCalls.adminList, async (request) =>
    ok(await dictionaries.list(request.body.dicCode, staffOf(request))),
  );

  saveRoute(app, dictionaryCalls.save, 'dicId', (body, staff, ip) =>
    dictionaries.save(
      {
        id: body.dicId,
        code: body.dicCode,
        name: body.dicName,
        value: body.dicValue,
        enabled: body.enabled,
        sort: body.sort,
      },
      staff,
      ip,
    ),
  );

  rowRoutes(app, 'dicId', dictionaries, {
    enable: dictionaryCalls.enable,
    move: dictionaryCalls.move,
    delete: dictionaryCalls.remove,
  });
};
