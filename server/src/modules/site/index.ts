import { defineArea } from '../area.js';
import { siteRoutes } from './routes.js';
import { SiteSettingsService } from './service.js';

/** The school's identity as data: 站点设置 and the logo and icon drawn from its name. */
export const siteArea = defineArea({
  name: 'site',
  services: ({ db, clock, files, uploads }) => ({
    siteSettings: new SiteSettingsService(db, clock, files),
    siteUploads: uploads,
  }),
  routes: async (api, services) => {
    await api.register(siteRoutes, {
      siteSettings: services.siteSettings,
      uploads: services.siteUploads,
    });
  },
});
