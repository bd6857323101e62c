import type { ApiData, LeaveDetail, LeaveItem, TodoNum } from '@school/common/api';

export type { LeaveDetail, LeaveItem, TodoNum };

/** 请假类型 as api/leave/apply takes them. */
export const LEAVE_TYPE_OPTIONS = [
  { value: 1, label: '事假' },
  { value: 2, label: '病假' },
  { value: 3, label: '公假' },
  { value: 4, label: '调课' },
];

export const HALF_OPTIONS = [
  { value: 1, label: '上午' },
  { value: 2, label: '下午' },
];

/** The tag colour of each state (待审批 / 待学校审批 / 已批准 / 已退回 / 已撤回). */
export const STATE_COLORS: Record<string, string> = {
  pending: 'processing',
  school: 'warning',
  approved: 'success',
  returned: 'error',
  withdrawn: 'default',
};

const half = (value: number) => (value === 2 ? '下午' : '上午');

/** 2026-03-09 上午 至 2026-03-10 下午. */
export const periodText = (
  item: Pick<LeaveItem, 'startDate' | 'startHalf' | 'endDate' | 'endHalf'>,
) => `${item.startDate} ${half(item.startHalf)} 至 ${item.endDate} ${half(item.endHalf)}`;

/** A list page of api/leave/myList (todoList answers the same, with `approver`). */
export type LeavePage = ApiData<'leave/myList'>;

/** visitType of the to-do hand-offs (intranet.md §7): 21 leave approval, 22 picture review. */
export const LEAVE_VISIT = 21;
export const PICTURE_VISIT = 22;
/** The record of viruses found in uploads (system administrators). */
export const VIRUS_VISIT = 23;

/** The to-do block's entries: each only when its count is above 0. */
export function todoEntries(counts: Pick<TodoNum, 'leaveNum' | 'picNum' | 'virusNum'>) {
  return [
    { label: '请假审批', count: counts.leaveNum, visitType: LEAVE_VISIT },
    { label: '图片审核', count: counts.picNum, visitType: PICTURE_VISIT },
    { label: '病毒检测', count: counts.virusNum, visitType: VIRUS_VISIT },
  ].filter((entry) => entry.count > 0);
}
