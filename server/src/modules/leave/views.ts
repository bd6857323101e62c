import {
  HALF_DAYS,
  LEAVE_ACTION_NAMES,
  LEAVE_STATE_NAMES,
  LEAVE_TYPES,
  type LeaveItem,
} from '@school/common/api';
import type { Kysely, Selectable } from 'kysely';
import type { Database, LeaveRequestTable } from '../../db/schema.js';
import { fileUrl } from '../../platform/files/service.js';
import { displayTime } from '../../time.js';

/** Whom a school-step request waits for, as the lists name it. */
export const SCHOOL_APPROVER = '学校管理员';

/** Requests with their requester, department, awaited head and attachment. */
export function leaveQuery(db: Kysely<Database>) {
  return db
    .selectFrom('leaveRequest')
    .innerJoin('staff as requester', 'requester.id', 'leaveRequest.staffId')
    .leftJoin('department', 'department.id', 'leaveRequest.deptId')
    .leftJoin('staff as approver', 'approver.id', 'leaveRequest.approverId')
    .leftJoin('storedFile', 'storedFile.id', 'leaveRequest.fileId');
}

/** The columns `leaveItem` reads; select them from `leaveQuery`. */
export const LEAVE_COLUMNS = [
  'leaveRequest.id',
  'leaveRequest.staffId',
  'requester.name as staffName',
  'department.name as deptName',
  'leaveRequest.leaveType',
  'leaveRequest.startDate',
  'leaveRequest.startHalf',
  'leaveRequest.endDate',
  'leaveRequest.endHalf',
  'leaveRequest.halfDays',
  'leaveRequest.reason',
  'leaveRequest.state',
  'leaveRequest.approverId',
  'approver.name as approverName',
  'leaveRequest.fileId',
  'storedFile.fileName',
  'leaveRequest.createdAt',
  'leaveRequest.updatedAt',
] as const;

/** A request as the lists read it: its row (but the department id) and the names it points at. */
export type LeaveRow = Omit<Selectable<LeaveRequestTable>, 'deptId'> & {
  staffName: string;
  deptName: string | null;
  approverName: string | null;
  fileName: string | null;
};

const nameOf = <T extends Record<number, string>>(names: T, key: number) =>
  (names as Record<number, string>)[key] ?? '';

export function leaveItem(row: LeaveRow): LeaveItem {
  return {
    leaveId: row.id,
    staffId: row.staffId,
    staffName: row.staffName,
    deptName: row.deptName ?? '',
    leaveType: row.leaveType,
    leaveTypeName: nameOf(LEAVE_TYPES, row.leaveType),
    startDate: row.startDate,
    startHalf: row.startHalf,
    endDate: row.endDate,
    endHalf: row.endHalf,
    days: row.halfDays / 2,
    reason: row.reason,
    state: row.state,
    stateName: LEAVE_STATE_NAMES[row.state],
    waitingFor:
      row.state === 'pending'
        ? (row.approverName ?? '')
        : row.state === 'school'
          ? SCHOOL_APPROVER
          : '',
    fileId: row.fileId,
    fileName: row.fileId ? row.fileName : null,
    fileUrl: row.fileId ? fileUrl(row.fileId) : null,
    createDate: displayTime(row.createdAt),
    updateDate: displayTime(row.updatedAt),
  };
}

/** 2026-03-02 上午 至 2026-03-03 下午 (for the operation log and messages). */
export const periodText = (
  row: Pick<LeaveRow, 'startDate' | 'startHalf' | 'endDate' | 'endHalf'>,
) =>
  `${row.startDate} ${nameOf(HALF_DAYS, row.startHalf)} 至 ${row.endDate} ${nameOf(HALF_DAYS, row.endHalf)}`;

export const actionName = (action: string) => LEAVE_ACTION_NAMES[action] ?? action;
