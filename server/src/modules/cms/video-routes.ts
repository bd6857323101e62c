import type { FastifyPluginAsync } from 'fastify';
import type { CmsVideoService } from './video-service.js';

/** PLACEHOLDER: being written. */
export const cmsVideoRoutes: FastifyPluginAsync<{ cmsVideo: CmsVideoService }> = async () => {};
