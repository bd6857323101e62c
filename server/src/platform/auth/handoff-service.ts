import { createHash, randomBytes } from 'node:crypto';
import type { LoginUser } from '@school/common';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest } from '../../http/errors.js';
import { addMinutes, iso, type Clock } from '../../time.js';
import type { SessionStore } from './session.js';

/** How long the one-time link of a hand-off stays good. */
export const TICKET_MINUTES = 2;
/** How long a hand-off request is remembered against replays (beyond its 5-minute window). */
const REMEMBER_MINUTES = 60;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The one-time links behind `retUrl`: `issue` keeps the checked request's key
 * (a second post of the same signed request is refused) and answers a ticket;
 * `redeem` exchanges the ticket, once and within minutes, for a session of
 * the same staff member, so the new tab opens logged in.
 */
export class HandoffService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sessions: SessionStore,
    private readonly now: Clock,
  ) {}

  async issue(staffId: number, request: { sign: string; TIMESTAMP: number }, target: string) {
    const now = this.now();
    await this.db
      .deleteFrom('handoffTicket')
      .where('expiresAt', '<', iso(addMinutes(now, -REMEMBER_MINUTES)))
      .execute();
    const ticket = randomBytes(24).toString('base64url');
    const inserted = await this.db
      .insertInto('handoffTicket')
      .values({
        requestKey: sha256(`${staffId}:${request.TIMESTAMP}:${request.sign}`),
        ticketHash: sha256(ticket),
        staffId,
        targetUrl: target,
        createdAt: iso(now),
        expiresAt: iso(addMinutes(now, TICKET_MINUTES)),
        usedAt: null,
      })
      .onConflict((oc) => oc.column('requestKey').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new AppError(409, '该请求已使用过，请回到页面重新点击');
    return ticket;
  }

  async redeem(
    ticket: string,
    ip: string | null,
    userAgent: string | null,
  ): Promise<LoginUser & { target: string }> {
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('handoffTicket')
        .set({ usedAt: iso(now) })
        .where('ticketHash', '=', sha256(ticket))
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', iso(now))
        .returning(['staffId', 'targetUrl'])
        .executeTakeFirst();
      if (!used) throw badRequest('链接已失效，请回到页面重新点击【编辑】');
      const staff = await trx
        .selectFrom('staff')
        .selectAll()
        .where('id', '=', used.staffId)
        .where('status', '=', 1)
        .executeTakeFirst();
      if (!staff) throw badRequest('账号已停用，请联系管理员');
      const token = await this.sessions.create(staff.id, ip, userAgent, trx);
      return {
        token,
        staffId: staff.id,
        staffName: staff.name,
        staffType: staff.staffType,
        staffCode: staff.code,
        isPower: staff.isPower,
        isAdmin: staff.isAdmin,
        email: staff.email,
        schoolId: staff.schoolId,
        whetherpass: staff.whetherpass,
        target: used.targetUrl,
      };
    });
  }
}
