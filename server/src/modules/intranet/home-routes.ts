import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { homeCalls } from '@school/common/api';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { SiteNotices } from './notices.js';
import type { SiteWorkbench } from './workbench.js';

/** The staff home's workbench, application centre and ticker (logged-in staff). */
export const homeRoutes: FastifyPluginAsyncTypebox<{
  workbench: SiteWorkbench;
  notices: SiteNotices;
}> = async (app, { workbench, notices }) => {
  route(app, homeCalls.workbench, async (request) => {
    return ok(await workbench.menu(request.body.menuType));
  });

  route(app, homeCalls.rolling, async () => ok(await notices.current()));
};
