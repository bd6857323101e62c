import { shownItemGuard } from '../../platform/files/guard-kit.js';
import { defineArea } from '../area.js';
import { showcaseFileUses } from './file-uses.js';
import { cmsShowcaseRoutes } from './admin-routes.js';
import { CmsShowcaseService } from './admin-service.js';
import { showcaseRoutes } from './routes.js';
import { ShowcaseService } from './service.js';

/** Home banners, cover banners and student societies. */
export const showcaseArea = defineArea({
  name: 'showcase',
  services: ({ db, clock, files }) => ({
    showcase: new ShowcaseService(db),
    cmsShowcase: new CmsShowcaseService(db, clock, files),
  }),
  routes: async (api, services) => {
    await api.register(showcaseRoutes, { showcase: services.showcase });
    await api.register(cmsShowcaseRoutes, { cmsShowcase: services.cmsShowcase });
  },
  // Shown banners and societies are public; hidden ones are their editors'.
  fileGuards: () => [shownItemGuard('T_BANNER', 'banner'), shownItemGuard('T_SOCIETY', 'society')],
  fileUses: [showcaseFileUses],
});
