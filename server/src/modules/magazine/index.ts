import { defineArea } from '../area.js';
import { cmsMagazineRoutes } from './admin-routes.js';
import { CmsMagazineService } from './admin-service.js';
import { magazineRoutes } from './routes.js';
import { MagazineService } from './service.js';

/** The school magazines of the three series, as PDFs. */
export const magazineArea = defineArea({
  name: 'magazine',
  services: ({ db, clock }) => ({
    magazine: new MagazineService(db, clock),
    cmsMagazine: new CmsMagazineService(db, clock),
  }),
  routes: async (api, services) => {
    await api.register(magazineRoutes, { magazine: services.magazine });
    await api.register(cmsMagazineRoutes, { cmsMagazine: services.cmsMagazine });
  },
});
