import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { departmentCalls } from '@school/common/api';
import type { DirectoryService } from './directory.js';

import { staffOf } from '../../http/auth.js';
import { routeSchema } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';

/** Departments for the staff home: the caller's own, and the children of one. */
export const departmentRoutes: FastifyPluginAsyncTypebox<{ directory: DirectoryService }> = async (
  app,
  { directory },
) => {
  app.addHook('preHandler', app.requireStaff);

  app.post(
    '/dept/getDeptList',
    {
      schema: routeSchema(departmentCalls.mine, {
        summary: '我所在的部门（ifSelect 1 为主部门）',
        tags: ['dept'],
      }),
    },
    async (request) => ok(await directory.myDepartments(staffOf(request), request.body?.userId)),
  );

  app.post(
    '/dept/getChildDeptList',
    {
      schema: routeSchema(departmentCalls.children, {
        summary: '下级部门',
        tags: ['dept'],
      }),
    },
    async (request) => ok(await directory.childDepartments(request.body.deptId)),
  );
};
