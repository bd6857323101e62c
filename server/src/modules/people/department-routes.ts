import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { staffOf } from '../../http/auth.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { forbidden } from '../../http/errors.js';

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
export const departmentRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (
  app,
  { db },
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
    async (request) => {
      const staff = staffOf(request);
      if (request.body?.userId !== undefined && request.body.userId !== staff.id) throw forbidden();
      const rows = await db
        .selectFrom('staffDepartment')
        .innerJoin('department', 'department.id', 'staffDepartment.deptId')
        .select([
          'department.id as deptId',
          'department.name as deptName',
          'department.parentId',
          'staffDepartment.isPrimary as ifSelect',
        ])
        .where('staffDepartment.staffId', '=', staff.id)
        .orderBy('staffDepartment.isPrimary', 'desc')
        .orderBy('department.sort')
        .execute();
      return ok(rows);
    },
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
    async (request) => {
      const rows = await db
        .selectFrom('department')
        .select(['id as deptId', 'name as deptName', 'parentId'])
        .where('parentId', '=', request.body.deptId)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return ok(rows.map((row) => ({ ...row, ifSelect: 0 })));
    },
  );
};
