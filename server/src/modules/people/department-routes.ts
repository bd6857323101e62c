import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { departmentCalls } from '@school/common/api';
import type { DirectoryService } from './directory.js';

import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';

/** Departments for the staff home: the caller's own, and the children of one. */
export const departmentRoutes: FastifyPluginAsyncTypebox<{ directory: DirectoryService }> = async (
  app,
  { directory },
) => {
  route(app, departmentCalls.mine, async (request) =>
    ok(await directory.myDepartments(staffOf(request))),
  );

  route(app, departmentCalls.children, async (request) =>
    ok(await directory.childDepartments(request.body.deptId)),
  );
};
