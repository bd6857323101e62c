import type { FastifyPluginAsync } from 'fastify';
import type { DirectoryService } from './directory.js';

import { staffOf } from '../../http/auth.js';
import { envelopeSchema, ok } from '../../http/envelope.js';

const deptRow = {
  type: 'object',
  properties: {
    deptId: { type: 'integer' },
    deptName: { type: 'string' },
    parentId: { type: ['integer', 'null'] },
    ifSelect: { type: 'integer' },
  },
} as const;

const USER_ID = { type: 'integer', errorMessage: '用户 id 不正确' };

/** Departments for the staff home: the caller's own, and the children of one. */
export const departmentRoutes: FastifyPluginAsync<{ directory: DirectoryService }> = async (
  app,
  { directory },
) => {
  app.addHook('preHandler', app.requireStaff);

  app.post<{ Body: { userId?: number } }>(
    '/dept/getDeptList',
    {
      schema: {
        summary: '我所在的部门（ifSelect 1 为主部门）',
        tags: ['dept'],
        body: { type: ['object', 'null'], properties: { userId: USER_ID } },
        response: { 200: envelopeSchema({ type: 'array', items: deptRow }) },
      },
    },
    async (request) => ok(await directory.myDepartments(staffOf(request), request.body?.userId)),
  );

  app.post<{ Body: { deptId: number } }>(
    '/dept/getChildDeptList',
    {
      schema: {
        summary: '下级部门',
        tags: ['dept'],
        body: {
          type: 'object',
          required: ['deptId'],
          properties: { userId: USER_ID, deptId: { type: 'integer', errorMessage: '请选择部门' } },
        },
        response: { 200: envelopeSchema({ type: 'array', items: deptRow }) },
      },
    },
    async (request) => ok(await directory.childDepartments(request.body.deptId)),
  );
};
