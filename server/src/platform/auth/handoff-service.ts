import { createHash, randomBytes } from 'node:crypto';
import type { LoginUser } from '@school/common';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { receivableSign, type HandoffFields } from '@school/common';
import {
  AppError,
  badRequest,
  forbidden,
  tooManyRequests,
  unauthorized,
  TOKEN_INVALID,
} from '../../http/errors.js';
import type { AuthStaff } from './session.js';
import { addMinutes, iso, type Clock } from '../../time.js';
import { loginUser } from './service.js';
import type { SessionStore } from './session.js';

/** How far the page's TIMESTAMP may be from the server's clock. */
const MAX_SKEW_MS = 5 * 60_000;

/** The item a hand-off asks to edit, as the page sends it. */
export type HandoffItem = Pick<HandoffFields, 'newId' | 'subjectNewId' | 'videoId'>;

/**
 * Where the platform opens for one visitType, once the caller may go there
 * (refused with the item's 404 or 403 otherwise). Areas register theirs
 * (news 12/13/14 and 29, videos 30).
 */
export type HandoffTarget = (item: HandoffItem, staff: AuthStaff) => Promise<string>;

export const HANDOFF_REFUSAL = '只有管理员或发布者可以编辑';

/** How long the one-time link of a hand-off stays good. */
export const TICKET_MINUTES = 2;
/** Hand-offs one session may ask for within the TIMESTAMP window (MAX_SKEW_MS). */
export const HANDOFFS_PER_WINDOW = 30;
/** How long a hand-off request is remembered against replays (beyond its 5-minute window). */
const REMEMBER_MINUTES = 60;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The one-time key of a hand-off: the session it came with and its
 * TIMESTAMP, not its sign. The sign holds no secret (anyone with the form can
 * sign changed fields again), so keying by it made every re-signed copy new;
 * keyed by session and time, a copy with other fields is the same request.
 */
export const handoffRequestKey = (sessionId: number, timestamp: number) =>
  sha256(`session:${sessionId}:${timestamp}`);

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
    /** visitType -> where the platform opens. */
    private readonly targets: ReadonlyMap<number, HandoffTarget>,
  ) {}

  /**
   * The receiving end of the edit hand-off (GLPTBJ): checks the sign, the
   * time, the token and the right to edit the item, then answers the
   * platform's one-time address for it (`retUrl`).
   */
  async receive(fields: HandoffFields, sign: string): Promise<{ retUrl: string }> {
    if (!receivableSign(fields, sign)) throw badRequest('签名不正确');
    if (Math.abs(this.now().getTime() - fields.TIMESTAMP) > MAX_SKEW_MS) {
      throw badRequest('请求已过期，请刷新页面后重试');
    }
    const staff = await this.sessions.resolve(fields.token);
    if (staff.id !== fields.staffId || staff.code !== fields.staffCode) {
      throw unauthorized(TOKEN_INVALID);
    }
    if (staff.staffType !== fields.staffType) throw forbidden('身份不符');
    const target = this.targets.get(fields.visitType);
    if (!target) throw badRequest('不支持的 visitType');
    const url = await target(fields, staff);
    const ticket = await this.issue(
      staff.id,
      { key: handoffRequestKey(staff.sessionId, fields.TIMESTAMP), sessionId: staff.sessionId },
      url,
    );
    return { retUrl: `/cms/enter?ticket=${ticket}` };
  }

  /**
   * A one-time link to `target` for `staffId`. `request.key` is refused the
   * second time (409); `request.sessionId` is the session the request came
   * with, which the link's session will end with (none: a linked system's entry).
   */
  async issue(staffId: number, request: { key: string; sessionId: number | null }, target: string) {
    const now = this.now();
    await this.db
      .deleteFrom('handoffTicket')
      .where('expiresAt', '<', iso(addMinutes(now, -REMEMBER_MINUTES)))
      .execute();
    if (request.sessionId !== null) await this.holdRate(request.sessionId, now);
    const ticket = randomBytes(24).toString('base64url');
    const inserted = await this.db
      .insertInto('handoffTicket')
      .values({
        requestKey: request.key,
        ticketHash: sha256(ticket),
        staffId,
        targetUrl: target,
        createdAt: iso(now),
        expiresAt: iso(addMinutes(now, TICKET_MINUTES)),
        usedAt: null,
        sessionId: request.sessionId,
      })
      .onConflict((oc) => oc.column('requestKey').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new AppError(409, '该请求已使用过，请回到页面重新点击');
    return ticket;
  }

  /**
   * A person clicks 编辑 a few times a minute; a script holding a token could
   * ask for a hand-off every millisecond of the TIMESTAMP window, each one a
   * new request. Those give nothing the token does not, but every one is a
   * row: past HANDOFFS_PER_WINDOW in the window, a session waits.
   */
  private async holdRate(sessionId: number, now: Date) {
    const { n } = await this.db
      .selectFrom('handoffTicket')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sessionId', '=', sessionId)
      .where('createdAt', '>', iso(new Date(now.getTime() - MAX_SKEW_MS)))
      .executeTakeFirstOrThrow();
    if (Number(n) >= HANDOFFS_PER_WINDOW) {
      throw tooManyRequests('打开编辑过于频繁，请稍后再试');
    }
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
        .returning(['staffId', 'targetUrl', 'sessionId'])
        .executeTakeFirst();
      if (!used) throw badRequest('链接已失效，请回到页面重新点击【编辑】');
      // The session the hand-off came from (a ticket goes with it when it ends).
      const parent =
        used.sessionId === null
          ? undefined
          : await trx
              .selectFrom('session')
              .select(['id', 'expiresAt'])
              .where('id', '=', used.sessionId)
              .where('expiresAt', '>', iso(now))
              .executeTakeFirst();
      if (used.sessionId !== null && !parent) throw badRequest('登录已结束，请重新登录后再试');
      const staff = await trx
        .selectFrom('staff')
        .selectAll()
        .where('id', '=', used.staffId)
        .where('status', '=', 1)
        .executeTakeFirst();
      if (!staff) throw badRequest('账号已停用，请联系管理员');
      const token = await this.sessions.create(staff.id, ip, userAgent, trx, parent);
      return {
        ...loginUser(token, staff),
        mustChangePassword: staff.mustChangePassword ? 1 : 0,
        target: used.targetUrl,
      };
    });
  }
}
