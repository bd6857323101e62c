import type { FastifyPluginAsync } from 'fastify';
import type { CmsStaffService } from './staff-service.js';

/** PLACEHOLDER: being written. */
export const cmsStaffRoutes: FastifyPluginAsync<{ cmsStaff: CmsStaffService }> = async () => {};
