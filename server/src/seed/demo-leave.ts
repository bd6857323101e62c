import type { Kysely } from 'kysely';
import type { Services } from '../app.js';
import type { Database } from '../db/schema.js';
import type { AuthStaff } from '../platform/auth/session.js';

const DAY = 86_400_000;
const DEMO_IP = '10.10.0.8';

/** The demo teacher's department, whose head (t1001) approves her requests. */
const TEACHER_DEPT = '高一语文组';
const TEACHER_HEAD = 't1001';

async function actor(db: Kysely<Database>, code: string): Promise<AuthStaff> {
  const row = await db
    .selectFrom('staff')
    .select(['id', 'code', 'name', 'staffType', 'isPower', 'isAdmin', 'email', 'schoolId'])
    .select('whetherpass')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return { ...row, sessionId: 0 };
}

/**
 * Department heads and leave requests in every state, made through the
 * services as the pages make them: the demo teacher (林晓雯) has requests
 * pending with her head t1001, one moved on to the school, one approved,
 * one sent back and one withdrawn; a few colleagues' requests wait too.
 */
export async function seedDemoLeave(db: Kysely<Database>, services: Services): Promise<void> {
  // Every department with staff gets its first member (by sort, then code) as head.
  const members = await db
    .selectFrom('staffDepartment')
    .innerJoin('staff', 'staff.id', 'staffDepartment.staffId')
    .select(['staffDepartment.deptId', 'staff.id', 'staff.code'])
    .where('staff.code', 'not in', ['admin', 'teacher', TEACHER_HEAD])
    .orderBy('staffDepartment.deptId')
    .orderBy('staff.sort')
    .orderBy('staff.code')
    .execute();
  const heads = new Map<number, number>();
  for (const member of members) if (!heads.has(member.deptId)) heads.set(member.deptId, member.id);
  const teacherDept = await db
    .selectFrom('department')
    .select('id')
    .where('name', '=', TEACHER_DEPT)
    .executeTakeFirstOrThrow();
  heads.set(teacherDept.id, (await actor(db, TEACHER_HEAD)).id);
  for (const [deptId, headStaffId] of heads) {
    await db.updateTable('department').set({ headStaffId }).where('id', '=', deptId).execute();
  }

  const { leave } = services;
  const admin = await actor(db, 'admin');
  const teacher = await actor(db, 'teacher');
  const head = await actor(db, TEACHER_HEAD);
  const now = services.clock();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const day = (offset: number) => new Date(today + offset * DAY).toISOString().slice(0, 10);
  const file = (
    who: AuthStaff,
    leaveType: number,
    from: number,
    to: number,
    reason: string,
    halves: [number, number] = [1, 2],
  ) =>
    leave.apply(
      {
        leaveType,
        startDate: day(from),
        startHalf: halves[0],
        endDate: day(to),
        endHalf: halves[1],
        reason,
      },
      who,
      DEMO_IP,
    );
  /** Approves as whoever the request waits for: its head, else the school. */
  const approve = async (leaveId: number) => {
    const row = await db
      .selectFrom('leaveRequest')
      .select(['state', 'approverId', 'staffId'])
      .where('id', '=', leaveId)
      .executeTakeFirstOrThrow();
    const by =
      row.state === 'pending' && row.approverId
        ? await actor(
            db,
            (
              await db
                .selectFrom('staff')
                .select('code')
                .where('id', '=', row.approverId)
                .executeTakeFirstOrThrow()
            ).code,
          )
        : admin;
    return leave.approve(leaveId, by, DEMO_IP);
  };

  // Decided ones first, so the waiting ones are the newest.
  const approved = await file(teacher, 2, -20, -19, '感冒发烧，医嘱休息两天。');
  await approve(approved.leaveId);
  const backed = await file(teacher, 4, -10, -10, '与高一（3）班数学课调换。', [1, 1]);
  await leave.sendBack(backed.leaveId, '请写明调换的节次与代课老师。', head, DEMO_IP);
  const withdrawn = await file(teacher, 1, -6, -6, '家中有事。', [2, 2]);
  await leave.withdraw(withdrawn.leaveId, teacher, DEMO_IP);
  const longer = await file(teacher, 3, 5, 8, '参加市教研室组织的高中语文骨干教师培训。');
  await approve(longer.leaveId);
  await file(teacher, 1, 3, 3, '孩子学校家长会。', [2, 2]);
  await file(teacher, 2, 1, 1, '复查牙齿，需要半天。', [1, 1]);

  for (const [i, code] of ['t1002', 't1003', 't1004', 't1005'].entries()) {
    const colleague = await actor(db, code);
    const filed = await file(colleague, (i % 4) + 1, 2 + i, 6 + i, '外出参加培训与交流活动。');
    // Half of them: the head agreed and, being past 3 days, it waits for the school.
    if (i % 2 === 0) await approve(filed.leaveId);
  }
  await file(head, 1, 4, 4, '办理个人事务。', [1, 2]);
}
