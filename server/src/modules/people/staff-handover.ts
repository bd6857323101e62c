import type { HandoverReport } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, orNotFound } from '../../http/errors.js';
import { assertSiteAdmin, isAdministratorRole } from '../../http/roles.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { tableLog } from '../../platform/oplog/service.js';
import type { HandoverShares, Handovers } from '../../platform/org/handover.js';
import { displayTime, iso, type Clock } from '../../time.js';
import { STAFF_GONE_MESSAGE } from './staff-service.js';
import { assertAnotherAdmin, conflict } from './staff-queries.js';

export const HANDOVER_SELF_MESSAGE = '不能为自己办理离职交接';
export const HANDOVER_DONE_MESSAGE = '该用户已办理离职交接';
export const RECEIVER_SAME_MESSAGE = '接收人不能是离职人本人';
export const RECEIVER_INACTIVE_MESSAGE = '接收人须为在职且已启用的用户';
export const RECEIVER_GONE_MESSAGE = '接收人不存在，请刷新后重试';
export const NO_HANDOVER_MESSAGE = '该用户没有离职交接记录';

type Party = { id: number; name: string; staffType: number; status: number; leftAt: string | null };

/**
 * 离职交接 (the platform's user management, system administrators): in one
 * transaction the areas' parts run (the drive's: disk, library uploads,
 * share links; see platform/org/handover.ts), then the account is disabled
 * and marked as left, its sessions end and its app passwords are revoked.
 * Its mail stays, readable by system administrators only as an archive
 * (api/email/archive/*). The report is kept, and both people's operation
 * logs say what happened.
 */
export class StaffHandover {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly handovers: Handovers,
  ) {}

  private readonly log = tableLog('T_STAFF', () => this.now());

  async handOver(
    input: { staffId: number; receiverId: number; shares: HandoverShares },
    admin: AuthStaff,
    ip: string | null,
  ): Promise<HandoverReport> {
    assertSiteAdmin(admin);
    if (input.staffId === admin.id) throw badRequest(HANDOVER_SELF_MESSAGE);
    if (input.receiverId === input.staffId) throw badRequest(RECEIVER_SAME_MESSAGE);
    return inTransaction(this.db, async (trx) => {
      const leaver = await this.party(trx, input.staffId, STAFF_GONE_MESSAGE);
      const receiver = await this.party(trx, input.receiverId, RECEIVER_GONE_MESSAGE);
      if (leaver.leftAt) throw conflict(HANDOVER_DONE_MESSAGE);
      if (receiver.status !== 1 || receiver.leftAt) throw badRequest(RECEIVER_INACTIVE_MESSAGE);
      if (isAdministratorRole(leaver.staffType) && leaver.status === 1) {
        await assertAnotherAdmin(trx, leaver.id);
      }
      const now = this.now();
      const at = iso(now);
      const part = await this.handovers.run({
        trx,
        from: leaver,
        to: receiver,
        shares: input.shares,
        now,
      });
      await trx
        .updateTable('staff')
        .set({ status: 0, leftAt: at, updatedAt: at })
        .where('id', '=', leaver.id)
        .execute();
      await trx.deleteFrom('session').where('staffId', '=', leaver.id).execute();
      const revoked = await trx
        .deleteFrom('appPassword')
        .where('staffId', '=', leaver.id)
        .returning('name')
        .execute();
      const report: HandoverReport = {
        staffId: leaver.id,
        staffName: leaver.name,
        receiverId: receiver.id,
        receiverName: receiver.name,
        handedBy: admin.name,
        handoverDate: displayTime(at),
        folderName: part.folderName ?? null,
        items: [
          ...part.lines,
          {
            what: '应用密码（已吊销）',
            count: revoked.length,
            size: null,
            names: revoked.map((row) => row.name),
          },
        ],
      };
      await trx
        .insertInto('staffHandover')
        .values({
          staffId: leaver.id,
          receiverId: receiver.id,
          handedBy: admin.name,
          createdAt: at,
          report: JSON.stringify(report),
        })
        .execute();
      await this.log(trx, admin, ip, leaver.id, `离职交接：工作交给${receiver.name}`, now);
      await this.log(trx, admin, ip, receiver.id, `离职交接：接收${leaver.name}的工作`, now);
      return report;
    });
  }

  /** The report of the account's handover. */
  async report(staffId: number, admin: AuthStaff): Promise<HandoverReport> {
    assertSiteAdmin(admin);
    const row = await orNotFound(
      this.db
        .selectFrom('staffHandover')
        .select('report')
        .where('staffId', '=', staffId)
        .orderBy('id', 'desc'),
      NO_HANDOVER_MESSAGE,
    );
    return JSON.parse(row.report) as HandoverReport;
  }

  private async party(trx: Kysely<Database>, id: number, gone: string): Promise<Party> {
    const row = await orNotFound(
      trx
        .selectFrom('staff')
        .select(['id', 'name', 'staffType', 'status', 'leftAt'])
        .where('id', '=', id),
      gone,
    );
    return row;
  }
}
