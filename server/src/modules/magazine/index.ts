import { isContentAdmin } from '../../http/roles.js';
import { itemGuard } from '../../platform/files/guard-kit.js';
import { defineArea } from '../area.js';
import { magazineFileUses } from './file-uses.js';
import { cmsMagazineRoutes } from './admin-routes.js';
import { CmsMagazineService } from './admin-service.js';
import { magazineRoutes } from './routes.js';
import { MagazineService } from './service.js';

/** The school magazines of the three series, as PDFs. */
export const magazineArea = defineArea({
  name: 'magazine',
  services: ({ db, clock, files }) => ({
    magazine: new MagazineService(db),
    cmsMagazine: new CmsMagazineService(db, clock, files),
  }),
  routes: async (api, services) => {
    await api.register(magazineRoutes, { magazine: services.magazine });
    await api.register(cmsMagazineRoutes, { cmsMagazine: services.cmsMagazine });
  },
  // A shown magazine's cover and PDF are public; a hidden one's are its editors'.
  fileGuards: () => [
    itemGuard('T_MAGAZINE', async (reader, ids, db) => {
      const shown = await db
        .selectFrom('magazine')
        .select('id')
        .where('id', 'in', ids)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      return Boolean(shown) || isContentAdmin(reader);
    }),
  ],
  fileUses: [magazineFileUses],
});
