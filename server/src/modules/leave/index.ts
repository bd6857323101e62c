import { defineArea } from '../area.js';
import { LEAVE_TODO_URL, todoHandoffTargets } from './handoff-targets.js';
import { leaveRoutes } from './routes.js';
import { LeaveService, leaveFileGuard } from './service.js';

/** 请假审批, its part of the staff home's to-do counts and hand-off 21 (intranet.md). */
export const leaveArea = defineArea({
  name: 'leave',
  services: ({ db, clock, files, todo }) => {
    const leave = new LeaveService(db, clock, files);
    // The requests waiting for the person's decision.
    todo.add(async (staff) => ({
      leaveNum: await leave.todoCount(staff),
      leaveUrl: LEAVE_TODO_URL,
    }));
    return { leave };
  },
  routes: async (api, services) => {
    await api.register(leaveRoutes, { leave: services.leave });
  },
  handoffTargets: () => todoHandoffTargets(),
  fileGuards: () => [leaveFileGuard()],
});
