import { presentItemGuard } from '../../platform/files/guard-kit.js';
import { defineArea } from '../area.js';
import { introFileUses } from './file-uses.js';
import { cmsIntroRoutes } from './admin-routes.js';
import { CmsIntroService } from './admin-service.js';
import { introRoutes } from './routes.js';
import { IntroService } from './service.js';

/** The school introduction (meetfuyi): its pages (wwfz) and people (fmsm). */
export const introArea = defineArea({
  name: 'intro',
  services: ({ db, clock, files }) => ({
    intro: new IntroService(db),
    cmsIntro: new CmsIntroService(db, clock, files),
  }),
  routes: async (api, services) => {
    await api.register(introRoutes, { intro: services.intro });
    await api.register(cmsIntroRoutes, { cmsIntro: services.cmsIntro });
  },
  // Pages and people for everyone are public; those for the intranet (enableType 2) are staff's.
  fileGuards: () => [presentItemGuard('T_WWFZ', 'introPage'), presentItemGuard('T_FMSM', 'person')],
  fileUses: [introFileUses],
});
