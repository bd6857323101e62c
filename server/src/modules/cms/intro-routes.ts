import type { FastifyPluginAsync } from 'fastify';
import type { CmsIntroService } from './intro-service.js';

/** PLACEHOLDER: being written. */
export const cmsIntroRoutes: FastifyPluginAsync<{ cmsIntro: CmsIntroService }> = async () => {};
