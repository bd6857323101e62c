import { defineArea } from '../area.js';
import { todoHandoffTargets } from './handoff-targets.js';
import { leaveRoutes } from './routes.js';
import { LeaveService, leaveFileGuard } from './service.js';
import { TodoService } from './todo.js';

/** 请假审批 and the staff home's to-do counts (intranet.md; hand-offs 21 and 22). */
export const leaveArea = defineArea({
  name: 'leave',
  services: ({ db, clock, files }) => {
    const leave = new LeaveService(db, clock, files);
    return { leave, todo: new TodoService(db, leave) };
  },
  routes: async (api, services) => {
    await api.register(leaveRoutes, { leave: services.leave, todo: services.todo });
  },
  handoffTargets: () => todoHandoffTargets(),
  fileGuards: () => [leaveFileGuard()],
});
