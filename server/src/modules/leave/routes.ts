import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { leaveCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { LeaveService } from './service.js';

/** 请假审批 (api/leave/*), staff only. */
export const leaveRoutes: FastifyPluginAsyncTypebox<{ leave: LeaveService }> = async (
  app,
  { leave },
) => {
  route(app, leaveCalls.apply, async (request) =>
    ok(await leave.apply(request.body, staffOf(request), request.ip), '提交成功'),
  );

  route(app, leaveCalls.myList, async (request) => {
    const { state, pageNum, pageSize } = request.body;
    return ok(await leave.myList(staffOf(request), state, { pageNum, pageSize }));
  });

  route(app, leaveCalls.todoList, async (request) => {
    const { pageNum, pageSize } = request.body;
    return ok(await leave.todoList(staffOf(request), { pageNum, pageSize }));
  });

  route(app, leaveCalls.detail, async (request) =>
    ok(await leave.detail(request.body.leaveId, staffOf(request))),
  );

  route(app, leaveCalls.approve, async (request) => {
    const result = await leave.approve(request.body.leaveId, staffOf(request), request.ip);
    return ok(result, result.state === 'school' ? '已同意，转学校审批' : '已批准');
  });

  route(app, leaveCalls.sendBack, async (request) => {
    const { leaveId, note } = request.body;
    return ok(await leave.sendBack(leaveId, note, staffOf(request), request.ip), '已退回');
  });

  route(app, leaveCalls.withdraw, async (request) =>
    ok(await leave.withdraw(request.body.leaveId, staffOf(request), request.ip), '已撤回'),
  );
};
