import { defineArea } from '../area.js';
import { cmsShowcaseRoutes } from './admin-routes.js';
import { CmsShowcaseService } from './admin-service.js';
import { showcaseRoutes } from './routes.js';
import { ShowcaseService } from './service.js';

/** Home banners, cover banners and student societies. */
export const showcaseArea = defineArea({
  name: 'showcase',
  services: ({ db, clock }) => ({
    showcase: new ShowcaseService(db),
    cmsShowcase: new CmsShowcaseService(db, clock),
  }),
  routes: async (api, services) => {
    await api.register(showcaseRoutes, { showcase: services.showcase });
    await api.register(cmsShowcaseRoutes, { cmsShowcase: services.cmsShowcase });
  },
});
