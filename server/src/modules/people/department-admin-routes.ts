import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { departmentCalls } from '@school/common/api';
import type { FastifyRequest } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
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
  route(app, departmentCalls.tree, async (request) =>
    ok(await cmsDepartment.tree(staffOf(request))),
  );

  route(app, departmentCalls.save, async (request) => {
    const { deptId, deptName, parentId, headStaffId } = request.body;
    const id = await cmsDepartment.save(
      { deptId, deptName, parentId, headStaffId },
      staffOf(request),
      request.ip,
    );
    return ok({ deptId: id }, '保存成功');
  });

  route(app, departmentCalls.move, { preValidation: blankDirection }, async (request) => {
    const { direction } = request.body;
    const result = await cmsDepartment.move(request.body, staffOf(request), request.ip);
    return ok(result, direction === 'up' ? '已上移' : direction === 'down' ? '已下移' : '已移动');
  });

  route(app, departmentCalls.remove, async (request) => {
    await cmsDepartment.delete(request.body.deptId, staffOf(request), request.ip);
    return ok(null, '删除成功');
  });
};
