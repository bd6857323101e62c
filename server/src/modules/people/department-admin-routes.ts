import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { departmentCalls } from '@school/common/api';
import type { FastifyRequest } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { routeSchema } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { CmsDepartmentService } from './department-service.js';

/** A form's empty direction ('') is a move by parentId and position, as if not sent. */
async function blankDirection(request: FastifyRequest) {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (body && typeof body === 'object' && body.direction === '') delete body.direction;
}

/**
 * The department calls of the content-management platform (administrator
 * role only, checked by the service): the tree with staff counts, save,
 * move and delete.
 */
export const cmsDepartmentRoutes: FastifyPluginAsyncTypebox<{
  cmsDepartment: CmsDepartmentService;
}> = async (app, { cmsDepartment }) => {
  // Before the body is read: an anonymous call is refused whatever it sends.
  app.addHook('onRequest', app.requireStaff);

  app.post(
    '/cms/department/tree',
    {
      schema: routeSchema(departmentCalls.tree, {
        summary:
          '内容管理：部门树（children 为下级，staffCount 本部门人数，totalStaffCount 含下级）',
        tags: ['cms'],
      }),
    },
    async (request) => ok(await cmsDepartment.tree(staffOf(request))),
  );

  app.post(
    '/cms/department/save',
    {
      schema: routeSchema(departmentCalls.save, {
        summary: '内容管理：新增（无 deptId）或修改部门；parentId 0 为顶级，修改时不传则不变',
        tags: ['cms'],
      }),
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

  app.post(
    '/cms/department/move',
    {
      preValidation: blankDirection,
      schema: routeSchema(departmentCalls.move, {
        summary:
          '内容管理：移动部门：direction up/down 为上移/下移；或 parentId（0 为顶级）与 position（从 0 起的位置，不传为最后）',
        tags: ['cms'],
      }),
    },
    async (request) => {
      const { direction } = request.body;
      const result = await cmsDepartment.move(request.body, staffOf(request), request.ip);
      return ok(result, direction === 'up' ? '已上移' : direction === 'down' ? '已下移' : '已移动');
    },
  );

  app.post(
    '/cms/department/delete',
    {
      schema: routeSchema(departmentCalls.remove, {
        summary: '内容管理：删除部门（有下级部门或用户时不能删除）',
        tags: ['cms'],
      }),
    },
    async (request) => {
      await cmsDepartment.delete(request.body.deptId, staffOf(request), request.ip);
      return ok(null, '删除成功');
    },
  );
};
