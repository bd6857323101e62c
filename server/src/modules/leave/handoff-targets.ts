import type { HandoffTarget } from '../../platform/auth/handoff-service.js';

/** Our list of the requests waiting for the viewer (the 待我审批 tab). */
export const LEAVE_TODO_URL = '/leave?tab=todo';

/** The to-do hand-off 21: the leave requests waiting for me (22, picture review: cms). */
export function todoHandoffTargets(): Array<[number, HandoffTarget]> {
  const leave: HandoffTarget = async () => LEAVE_TODO_URL;
  return [[21, leave]];
}
