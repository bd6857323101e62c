import { defineArea } from '../area.js';
import { setupRoutes } from './routes.js';
import { SetupService } from './service.js';

/** The first run (/setup): the school's name and the first administrator, once. */
export const setupArea = defineArea({
  name: 'setup',
  services: ({ db, clock, files, uploads, sessions }) => ({
    setup: new SetupService(db, clock, files, uploads, sessions),
  }),
  routes: async (api, services) => {
    await api.register(setupRoutes, { setup: services.setup });
  },
});
