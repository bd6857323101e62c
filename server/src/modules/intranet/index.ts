import { itemGuard, presentItemGuard } from '../../platform/files/guard-kit.js';
import { defineArea } from '../area.js';
import { intranetFileUses } from './file-uses.js';
import { cmsSiteRoutes } from './admin-routes.js';
import { homeRoutes } from './home-routes.js';
import { CmsSiteService } from './admin-service.js';
import { ParameterReader } from './parameter-reader.js';
import { parameterRoutes } from './parameter-routes.js';

/** The intranet's settings: rolling notices, workbench entries, system parameters, dictionaries. */
export const intranetArea = defineArea({
  name: 'intranet',
  services: ({ db, clock, files }) => ({
    parameters: new ParameterReader(db),
    cmsSite: new CmsSiteService(db, clock, files),
  }),
  routes: async (api, services) => {
    await api.register(parameterRoutes, { parameters: services.parameters });
    await api.register(cmsSiteRoutes, { cmsSite: services.cmsSite });
    const { workbench, notices } = services.cmsSite;
    await api.register(homeRoutes, { workbench, notices });
  },
  // The blog (visitType 2) and the application centre's 更多 (20) when the school points their
  // addresses (BK, GLPTBJ) at this server: the blog's place and the full application list.
  handoffTargets: () => [
    [2, async () => '/weblog'],
    [20, async () => '/teachPage?apps=all#apps'],
  ],
  // Workbench icons are shown to all staff; parameter pictures (the footer's QR code) to everyone.
  fileGuards: () => [
    presentItemGuard('T_WORKBENCH', 'workbenchItem'),
    itemGuard('T_PARAMETER', async () => true),
  ],
  fileUses: [intranetFileUses],
});
