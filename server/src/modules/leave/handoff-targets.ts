import { forbidden } from '../../http/errors.js';
import { isContentAdmin } from '../../http/roles.js';
import type { HandoffTarget } from '../../platform/auth/handoff-service.js';
import { LEAVE_TODO_URL, PIC_REVIEW_URL } from './todo.js';

export const PIC_REVIEW_REFUSAL = '只有管理员可以审核图片';

/** The to-do hand-offs: 21 the leave requests waiting for me, 22 picture review (isPower 1). */
export function todoHandoffTargets(): Array<[number, HandoffTarget]> {
  const leave: HandoffTarget = async () => LEAVE_TODO_URL;
  const pictures: HandoffTarget = async (_item, staff) => {
    if (!isContentAdmin(staff)) throw forbidden(PIC_REVIEW_REFUSAL);
    return PIC_REVIEW_URL;
  };
  return [
    [21, leave],
    [22, pictures],
  ];
}
