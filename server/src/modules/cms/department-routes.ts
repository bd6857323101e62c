import type { FastifyPluginAsync } from 'fastify';
import type { CmsDepartmentService } from './department-service.js';

/** PLACEHOLDER: being written. */
export const cmsDepartmentRoutes: FastifyPluginAsync<{ cmsDepartment: CmsDepartmentService }> = async () => {};
