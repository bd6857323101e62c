import {
  LEAVE_DAYS_CODE,
  LEAVE_DAYS_DEFAULT,
  LEAVE_REASON_MAX,
  LEAVE_STATE_NAMES,
  type LeaveDetail,
} from '@school/common/api';
import type { Kysely } from 'kysely';
import { pageOf } from '../../db/paging.js';
import type { Database, LeaveState } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, badRequest, forbidden, orNotFound } from '../../http/errors.js';
import type { Paging } from '../../http/paging.js';
import { isSystemAdmin } from '../../http/roles.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import type { FileGuard } from '../../platform/files/guards.js';
import type { FileService } from '../../platform/files/service.js';
import { writeOperLog } from '../../platform/oplog/service.js';
import { displayTime, iso, type Clock } from '../../time.js';
import { halfDayUnits, leaveDaysLimit, type LeavePeriod } from './rules.js';
import {
  LEAVE_COLUMNS,
  actionName,
  leaveItem,
  leaveQuery,
  periodText,
  type LeaveRow,
} from './views.js';

export const LEAVE_GONE_MESSAGE = '请假申请不存在或已删除';
export const NOT_YOURS_TO_DECIDE = '只有等待其审批的人可以审批该申请';
export const ALREADY_DECIDED = '该申请已处理，请刷新后查看';
export const NOT_YOURS_TO_WITHDRAW = '只能撤回自己的请假申请';
export const NOT_PENDING = '该申请已处理，不能撤回';
export const NOT_YOURS_TO_READ = '无权查看该请假申请';
export const FILE_GONE = '附件不存在，请重新上传';
export const FILE_NOT_YOURS = '只能附上自己上传的文件';

export interface LeaveInput extends LeavePeriod {
  leaveType: number;
  reason: string;
  fileId?: number;
}

const WAITING: LeaveState[] = ['pending', 'school'];

/**
 * 请假审批: a teacher files a request; it waits for the head of the
 * requester's primary department, or (no head, or the requester is the head)
 * for any school administrator (staffType 5). A head's approval of a request
 * longer than QJTS days moves it to the school; otherwise it is approved.
 * Each decision is a conditional update on the state the decider saw (a
 * second decision is refused with 409) with its step and operation-log row.
 */
export class LeaveService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly files: FileService,
  ) {}

  async apply(input: LeaveInput, staff: AuthStaff, ip: string | null) {
    const halfDays = halfDayUnits(input);
    const reason = input.reason.trim();
    if (!reason) throw badRequest('请输入请假原因');
    if ([...reason].length > LEAVE_REASON_MAX) {
      throw badRequest(`请假原因不能超过${LEAVE_REASON_MAX}个字`);
    }
    if (input.fileId !== undefined) await this.checkFile(input.fileId, staff);
    const now = iso(this.now());
    return inTransaction(this.db, async (trx) => {
      const primary = await trx
        .selectFrom('staffDepartment')
        .innerJoin('department', 'department.id', 'staffDepartment.deptId')
        .leftJoin('staff as head', (join) =>
          join.onRef('head.id', '=', 'department.headStaffId').on('head.status', '=', 1),
        )
        .select(['department.id as deptId', 'head.id as headId'])
        .where('staffDepartment.staffId', '=', staff.id)
        .orderBy('staffDepartment.isPrimary', 'desc')
        .orderBy('department.sort')
        .executeTakeFirst();
      const headId = primary?.headId && primary.headId !== staff.id ? primary.headId : null;
      const state: LeaveState = headId ? 'pending' : 'school';
      const { id } = await trx
        .insertInto('leaveRequest')
        .values({
          staffId: staff.id,
          deptId: primary?.deptId ?? null,
          leaveType: input.leaveType,
          startDate: input.startDate,
          startHalf: input.startHalf,
          endDate: input.endDate,
          endHalf: input.endHalf,
          halfDays,
          reason,
          fileId: input.fileId ?? null,
          state,
          approverId: headId,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Recorded as used, the attachment is read by those who read the request (leaveFileGuard).
      if (input.fileId !== undefined) {
        await this.files.recordUses(trx, staff, 'T_LEAVE', id, [input.fileId]);
      }
      await this.record(trx, id, staff, ip, 'apply', `${periodText(input)}，共${halfDays / 2}天`);
      return { leaveId: id, state, stateName: LEAVE_STATE_NAMES[state] };
    });
  }

  /** 审批通过: approved, or past QJTS days a head's approval goes on to the school. */
  async approve(leaveId: number, staff: AuthStaff, ip: string | null) {
    const row = await this.loadForDecision(leaveId, staff);
    const limit = await this.daysLimit();
    const escalate = row.state === 'pending' && row.halfDays > limit * 2;
    const next: LeaveState = escalate ? 'school' : 'approved';
    return this.decide(row, staff, ip, next, escalate ? 'escalate' : 'approve', null);
  }

  async sendBack(leaveId: number, note: string, staff: AuthStaff, ip: string | null) {
    const text = note.trim();
    if (!text) throw badRequest('请输入退回原因');
    if ([...text].length > LEAVE_REASON_MAX) {
      throw badRequest(`退回原因不能超过${LEAVE_REASON_MAX}个字`);
    }
    const row = await this.loadForDecision(leaveId, staff);
    return this.decide(row, staff, ip, 'returned', 'sendBack', text);
  }

  async withdraw(leaveId: number, staff: AuthStaff, ip: string | null) {
    const row = await this.load(this.db, leaveId);
    if (row.staffId !== staff.id) throw forbidden(NOT_YOURS_TO_WITHDRAW);
    if (!WAITING.includes(row.state)) throw new AppError(409, NOT_PENDING);
    return this.decide(row, staff, ip, 'withdrawn', 'withdraw', null, NOT_PENDING);
  }

  async myList(staff: AuthStaff, state: LeaveState | undefined, paging: Paging) {
    const base = leaveQuery(this.db)
      .where('leaveRequest.staffId', '=', staff.id)
      .$if(state !== undefined, (qb) => qb.where('leaveRequest.state', '=', state!));
    return pageOf(
      base,
      paging,
      (q) => q.select(LEAVE_COLUMNS).orderBy('leaveRequest.id', 'desc'),
      (row) => leaveItem(row as LeaveRow),
    );
  }

  /** Requests waiting for the caller's decision, the oldest first. */
  async todoList(staff: AuthStaff, paging: Paging) {
    const page = await pageOf(
      this.waitingFor(staff),
      paging,
      (q) => q.select(LEAVE_COLUMNS).orderBy('leaveRequest.id'),
      (row) => leaveItem(row as LeaveRow),
    );
    return { ...page, approver: page.total > 0 || (await this.isApprover(staff)) };
  }

  async todoCount(staff: AuthStaff): Promise<number> {
    const row = await this.waitingFor(staff)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A head of a department or a school administrator (the 待我审批 tab shows even when empty). */
  async isApprover(staff: AuthStaff): Promise<boolean> {
    if (isSystemAdmin(staff)) return true;
    const head = await this.db
      .selectFrom('department')
      .select('id')
      .where('headStaffId', '=', staff.id)
      .executeTakeFirst();
    return Boolean(head);
  }

  async detail(leaveId: number, staff: AuthStaff): Promise<LeaveDetail> {
    const row = await this.load(this.db, leaveId);
    const steps = await this.db
      .selectFrom('leaveStep')
      .select(['staffId', 'staffName', 'action', 'note', 'createdAt'])
      .where('leaveId', '=', leaveId)
      .orderBy('id')
      .execute();
    if (!mayReadLeave(staff, row, steps)) throw forbidden(NOT_YOURS_TO_READ);
    return {
      ...leaveItem(row),
      steps: steps.map((step) => ({
        staffId: step.staffId,
        staffName: step.staffName,
        action: step.action,
        actionName: actionName(step.action),
        note: step.note,
        createDate: displayTime(step.createdAt),
      })),
      canDecide: this.awaits(row, staff),
      canWithdraw: row.staffId === staff.id && WAITING.includes(row.state),
    };
  }

  // ---- internals ----

  private waitingFor(staff: AuthStaff) {
    const admin = isSystemAdmin(staff);
    return leaveQuery(this.db)
      .where('leaveRequest.staffId', '!=', staff.id)
      .where((eb) =>
        eb.or([
          eb.and([
            eb('leaveRequest.state', '=', 'pending'),
            eb('leaveRequest.approverId', '=', staff.id),
          ]),
          ...(admin ? [eb('leaveRequest.state', '=', 'school')] : []),
        ]),
      );
  }

  /** Whether the request waits for this person's decision. */
  private awaits(row: LeaveRow, staff: AuthStaff): boolean {
    if (row.staffId === staff.id) return false;
    if (row.state === 'pending') return row.approverId === staff.id;
    if (row.state === 'school') return isSystemAdmin(staff);
    return false;
  }

  private async loadForDecision(leaveId: number, staff: AuthStaff): Promise<LeaveRow> {
    const row = await this.load(this.db, leaveId);
    if (this.awaits(row, staff)) return row;
    const decidedBefore = await this.db
      .selectFrom('leaveStep')
      .select('id')
      .where('leaveId', '=', leaveId)
      .where('staffId', '=', staff.id)
      .where('action', 'in', ['approve', 'escalate', 'sendBack'])
      .executeTakeFirst();
    const mayHaveDecided = row.approverId === staff.id || isSystemAdmin(staff) || decidedBefore;
    if (row.staffId !== staff.id && mayHaveDecided && !WAITING.includes(row.state)) {
      throw new AppError(409, ALREADY_DECIDED);
    }
    if (decidedBefore) throw new AppError(409, ALREADY_DECIDED);
    throw forbidden(NOT_YOURS_TO_DECIDE);
  }

  private async decide(
    row: LeaveRow,
    staff: AuthStaff,
    ip: string | null,
    next: LeaveState,
    action: string,
    note: string | null,
    conflict = ALREADY_DECIDED,
  ) {
    const now = iso(this.now());
    return inTransaction(this.db, async (trx) => {
      const result = await trx
        .updateTable('leaveRequest')
        .set({ state: next, updatedAt: now })
        .where('id', '=', row.id)
        .where('state', '=', row.state)
        .$if(row.approverId === null, (qb) => qb.where('approverId', 'is', null))
        .$if(row.approverId !== null, (qb) => qb.where('approverId', '=', row.approverId))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new AppError(409, conflict);
      await this.record(trx, row.id, staff, ip, action, note);
      return { leaveId: row.id, state: next, stateName: LEAVE_STATE_NAMES[next] };
    });
  }

  private async record(
    trx: Kysely<Database>,
    leaveId: number,
    staff: AuthStaff,
    ip: string | null,
    action: string,
    note: string | null,
  ) {
    const at = this.now();
    await trx
      .insertInto('leaveStep')
      .values({
        leaveId,
        staffId: staff.id,
        staffName: staff.name,
        action,
        note,
        createdAt: iso(at),
      })
      .execute();
    await writeOperLog(trx, {
      staffId: staff.id,
      staffName: staff.name,
      infoTable: 'T_LEAVE',
      objId: leaveId,
      // The log's operType is short (32): the note stays in the step history.
      operType: actionName(action),
      ip,
      at,
    });
  }

  private async load(db: Kysely<Database>, leaveId: number): Promise<LeaveRow> {
    const row = await orNotFound(
      leaveQuery(db).select(LEAVE_COLUMNS).where('leaveRequest.id', '=', leaveId),
      LEAVE_GONE_MESSAGE,
    );
    return row as LeaveRow;
  }

  private async daysLimit(): Promise<number> {
    const row = await this.db
      .selectFrom('sysParameter')
      .select('value')
      .where('code', '=', LEAVE_DAYS_CODE)
      .orderBy('sort')
      .orderBy('id')
      .executeTakeFirst();
    return leaveDaysLimit(row?.value, LEAVE_DAYS_DEFAULT);
  }

  private async checkFile(fileId: number, staff: AuthStaff) {
    const file = await this.db
      .selectFrom('storedFile')
      .select('createdBy')
      .where('id', '=', fileId)
      .executeTakeFirst();
    if (!file) throw badRequest(FILE_GONE);
    if (file.createdBy !== staff.id) throw forbidden(FILE_NOT_YOURS);
  }
}

/**
 * Who reads a leave request and its attachment: the requester, the approvers
 * on its path (the head it waits for, whoever decided a step) and system
 * administrators, who decide at the school's step.
 */
function mayReadLeave(
  staff: AuthStaff,
  row: { staffId: number; approverId: number | null },
  steps: Array<{ staffId: number | null }>,
): boolean {
  return (
    row.staffId === staff.id ||
    row.approverId === staff.id ||
    isSystemAdmin(staff) ||
    steps.some((step) => step.staffId === staff.id)
  );
}

/** The leave area's rule on its attachments (T_LEAVE): those who read the request. */
export function leaveFileGuard(): FileGuard {
  return {
    tables: ['T_LEAVE'],
    refusal: NOT_YOURS_TO_READ,
    allows: async (reader, uses, _fileId, db) => {
      const ids = uses.map((use) => use.objId);
      const rows = await db
        .selectFrom('leaveRequest')
        .select(['id', 'staffId', 'approverId'])
        .where('id', 'in', ids)
        .execute();
      const steps = await db
        .selectFrom('leaveStep')
        .select(['leaveId', 'staffId'])
        .where('leaveId', 'in', ids)
        .execute();
      return rows.some((row) =>
        mayReadLeave(
          reader,
          row,
          steps.filter((step) => step.leaveId === row.id),
        ),
      );
    },
  };
}
