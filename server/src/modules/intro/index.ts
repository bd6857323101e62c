import { defineArea } from '../area.js';
import { cmsIntroRoutes } from './admin-routes.js';
import { CmsIntroService } from './admin-service.js';
import { introRoutes } from './routes.js';
import { IntroService } from './service.js';

/** The school introduction (meetfuyi): its pages (wwfz) and people (fmsm). */
export const introArea = defineArea({
  name: 'intro',
  services: ({ db, clock }) => ({
    intro: new IntroService(db, clock),
    cmsIntro: new CmsIntroService(db, clock),
  }),
  routes: async (api, services) => {
    await api.register(introRoutes, { intro: services.intro });
    await api.register(cmsIntroRoutes, { cmsIntro: services.cmsIntro });
  },
});
