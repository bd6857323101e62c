import type { FastifyPluginAsync } from 'fastify';
import type { CmsShowcaseService } from './showcase-service.js';

/** PLACEHOLDER: being written. */
export const cmsShowcaseRoutes: FastifyPluginAsync<{ cmsShowcase: CmsShowcaseService }> = async () => {};
