import type { FastifyPluginAsync } from 'fastify';
import type { CmsSiteService } from './site-service.js';

/** PLACEHOLDER: being written. */
export const cmsSiteRoutes: FastifyPluginAsync<{ cmsSite: CmsSiteService }> = async () => {};
