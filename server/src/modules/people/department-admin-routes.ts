import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { envelopeSchema, nullSchema, ok } from '../../http/envelope.js';
import { DEPT_NAME_MAX, type CmsDepartmentService } from './department-service.js';

const DEPT_ID = { type: 'integer', minimum: 1, errorMessage: '请选择部门' } as const;
const PARENT_ID = {
  type: ['integer', 'null'],
  minimum: 0,
  errorMessage: '上级部门不正确（0 为顶级）',
} as const;

const node = { type: 'object', additionalProperties: true } as const;
const idData = { type: 'object', properties: { deptId: { type: 'integer' } } } as const;

/** Optional fields a form sends as '' when left empty: the same as not sent. */
function blankMeansAbsent(...keys: string[]) {
  return async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    if (!body || typeof body !== 'object') return;
    for (const key of keys) if (body[key] === '') delete body[key];
  };
}

/**
 * The department calls of the content-management platform (administrator
 * role only, checked by the service): the tree with staff counts, save,
 * move and delete.
 */
export const cmsDepartmentRoutes: FastifyPluginAsync<{
  cmsDepartment: CmsDepartmentService;
}> = async (app, { cmsDepartment }) => {
  // Before the body is read: an anonymous call is refused whatever it sends.
  app.addHook('onRequest', app.requireStaff);

  app.post(
    '/cms/department/tree',
    {
      schema: {
        summary:
          '内容管理：部门树（children 为下级，staffCount 本部门人数，totalStaffCount 含下级）',
        tags: ['cms'],
        response: { 200: envelopeSchema({ type: 'array', items: node }) },
      },
    },
    async (request) => ok(await cmsDepartment.tree(staffOf(request))),
  );

  app.post<{ Body: { deptId?: number; deptName: string; parentId?: number | null } }>(
    '/cms/department/save',
    {
      preValidation: blankMeansAbsent('deptId', 'parentId'),
      schema: {
        summary: '内容管理：新增（无 deptId）或修改部门；parentId 0 为顶级，修改时不传则不变',
        tags: ['cms'],
        body: {
          type: 'object',
          required: ['deptName'],
          properties: {
            deptId: DEPT_ID,
            deptName: {
              type: 'string',
              pattern: '\\S',
              maxLength: DEPT_NAME_MAX,
              errorMessage: `请输入部门名称，不超过${DEPT_NAME_MAX}个字`,
            },
            parentId: PARENT_ID,
          },
        },
        response: { 200: envelopeSchema(idData) },
      },
    },
    async (request) => {
      const { deptId, deptName, parentId } = request.body;
      const id = await cmsDepartment.save(
        { deptId, deptName, parentId },
        staffOf(request),
        request.ip,
      );
      return ok({ deptId: id }, '保存成功');
    },
  );

  app.post<{
    Body: {
      deptId: number;
      direction?: 'up' | 'down';
      parentId?: number | null;
      position?: number;
    };
  }>(
    '/cms/department/move',
    {
      preValidation: blankMeansAbsent('direction', 'parentId', 'position'),
      schema: {
        summary:
          '内容管理：移动部门：direction up/down 为上移/下移；或 parentId（0 为顶级）与 position（从 0 起的位置，不传为最后）',
        tags: ['cms'],
        body: {
          type: 'object',
          required: ['deptId'],
          properties: {
            deptId: DEPT_ID,
            direction: {
              type: 'string',
              enum: ['up', 'down'],
              errorMessage: 'direction 须为 up（上移）或 down（下移）',
            },
            parentId: PARENT_ID,
            position: {
              type: 'integer',
              minimum: 0,
              maximum: 100_000,
              errorMessage: '位置须为不小于0的整数',
            },
          },
        },
        response: {
          200: envelopeSchema({
            type: 'object',
            properties: {
              deptId: { type: 'integer' },
              parentId: { type: ['integer', 'null'] },
              sort: { type: 'integer' },
            },
          }),
        },
      },
    },
    async (request) => {
      const { direction } = request.body;
      const result = await cmsDepartment.move(request.body, staffOf(request), request.ip);
      return ok(result, direction === 'up' ? '已上移' : direction === 'down' ? '已下移' : '已移动');
    },
  );

  app.post<{ Body: { deptId: number } }>(
    '/cms/department/delete',
    {
      schema: {
        summary: '内容管理：删除部门（有下级部门或用户时不能删除）',
        tags: ['cms'],
        body: { type: 'object', required: ['deptId'], properties: { deptId: DEPT_ID } },
        response: { 200: envelopeSchema(nullSchema) },
      },
    },
    async (request) => {
      await cmsDepartment.delete(request.body.deptId, staffOf(request), request.ip);
      return ok(null, '删除成功');
    },
  );
};
