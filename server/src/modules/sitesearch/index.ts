import { defineArea } from '../area.js';
import { siteSearchRoutes } from './routes.js';
import { SiteSearch } from './service.js';

/** The staff intranet's site search: news, pictures, videos, teachers, phones and drive files. */
export const siteSearchArea = defineArea({
  name: 'sitesearch',
  services: ({ db, search, clock, fileSearch }) => ({
    siteSearch: new SiteSearch(db, search, clock, fileSearch),
  }),
  routes: async (api, services) => {
    await api.register(siteSearchRoutes, { siteSearch: services.siteSearch });
  },
});
