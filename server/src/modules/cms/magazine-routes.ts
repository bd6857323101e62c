import type { FastifyPluginAsync } from 'fastify';
import type { CmsMagazineService } from './magazine-service.js';

/** PLACEHOLDER: being written. */
export const cmsMagazineRoutes: FastifyPluginAsync<{ cmsMagazine: CmsMagazineService }> = async () => {};
