import type { Generated } from 'kysely';

// Leave requests and their steps (intranet.md: 请假审批).

/** pending: waits for approverId (the head); school: for any school administrator. */
export type LeaveState = 'pending' | 'school' | 'approved' | 'returned' | 'withdrawn';

export interface LeaveRequestTable {
  id: Generated<number>;
  staffId: number;
  /** The requester's primary department when filed. */
  deptId: number | null;
  /** 1 事假, 2 病假, 3 公假, 4 调课. */
  leaveType: number;
  /** YYYY-MM-DD. */
  startDate: string;
  /** 1 上午, 2 下午. */
  startHalf: number;
  endDate: string;
  endHalf: number;
  /** Half-day units; the days are half of it. */
  halfDays: number;
  reason: string;
  fileId: number | null;
  state: LeaveState;
  /** Whose decision a 'pending' request waits for. */
  approverId: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface LeaveStepTable {
  id: Generated<number>;
  leaveId: number;
  staffId: number | null;
  staffName: string;
  /** apply, approve, escalate, sendBack, withdraw. */
  action: string;
  note: string | null;
  createdAt: string;
}
