import { defineArea } from '../area.js';
import { cmsOverviewRoutes } from './routes.js';
import { CmsOverviewService } from './service.js';

/** The content platform's own home: what waits for the person (api/cms/overview). */
export const cmsArea = defineArea({
  name: 'cms',
  services: ({ db, clock }) => ({ cmsOverview: new CmsOverviewService(db, clock) }),
  routes: async (api, services) => {
    await api.register(cmsOverviewRoutes, { cmsOverview: services.cmsOverview });
  },
});
