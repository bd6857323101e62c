import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { identitySignMatches, handoffSign, type HandoffFields } from '@school/common';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, forbidden, unauthorized, TOKEN_INVALID } from '../../http/errors.js';
import { addMinutes, iso, type Clock } from '../../time.js';
import { handoffRequestKey, type HandoffService } from './handoff-service.js';
import type { SessionStore } from './session.js';

/** How far a hand-off's TIMESTAMP may be from the server's clock (as the receiver allows). */
const MAX_SKEW_MS = 5 * 60_000;
/** Verified requests are remembered past their window, so a replay stays refused. */
const REMEMBER_MINUTES = 60;

export const UNKNOWN_SYSTEM = '未知的系统或密钥不正确';

/** Where /publicPage goes after an entry: typePage 1 the portal, 2 the staff home. */
export const ENTRY_TARGETS: Readonly<Record<number, string>> = { 1: '/index', 2: '/teachPage' };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function sameSecret(given: string, kept: string) {
  const a = Buffer.from(sha256(given));
  const b = Buffer.from(sha256(kept));
  return timingSafeEqual(a, b);
}

/** Who a verified hand-off or an entry is for, as a linked system needs to know. */
export interface LinkedStaff {
  staffId: number;
  staffCode: string;
  staffName: string;
  staffType: number;
  isPower: number;
  email: string | null;
}

/**
 * The school's other systems (LINKED_SYSTEMS: a code and a secret each), in
 * the two server-to-server calls they make with that secret:
 *
 * - verifying a sign-on hand-off a page posted to them (the spec's fields and
 *   sign): good once, within five minutes, for a live session of that person;
 * - asking for a one-time, two-minute entry ticket for one of their users,
 *   which /publicPage exchanges for a session here (no password in an address).
 */
export class LinkedSystems {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly systems: ReadonlyMap<string, string>,
    private readonly sessions: SessionStore,
    private readonly handoff: HandoffService,
    private readonly now: Clock,
  ) {}

  /** The calling system, by its code and secret; refused alike when either is wrong. */
  authenticate(code: string | undefined, secret: string | undefined): string {
    const kept = code ? this.systems.get(code) : undefined;
    if (!code || !kept || !secret || !sameSecret(secret, kept)) throw unauthorized(UNKNOWN_SYSTEM);
    return code;
  }

  async verify(system: string, fields: HandoffFields, sign: string): Promise<LinkedStaff> {
    // Both forms: every field signed (the portal's), or the six identity fields (intranet.md's).
    if (handoffSign(fields) !== sign && !identitySignMatches(fields, sign)) {
      throw badRequest('签名不正确');
    }
    const now = this.now();
    if (Math.abs(now.getTime() - fields.TIMESTAMP) > MAX_SKEW_MS) {
      throw badRequest('请求已过期，请回到页面重新点击');
    }
    const staff = await this.sessions.resolve(fields.token);
    if (staff.id !== fields.staffId || staff.code !== fields.staffCode) {
      throw unauthorized(TOKEN_INVALID);
    }
    if (staff.staffType !== fields.staffType) throw forbidden('身份不符');
    await this.db
      .deleteFrom('linkedRequest')
      .where('createdAt', '<', iso(addMinutes(now, -REMEMBER_MINUTES)))
      .execute();
    const inserted = await this.db
      .insertInto('linkedRequest')
      .values({
        system,
        requestKey: handoffRequestKey(staff.sessionId, fields.TIMESTAMP),
        createdAt: iso(now),
      })
      .onConflict((oc) => oc.columns(['system', 'requestKey']).doNothing())
      .returning('requestKey')
      .executeTakeFirst();
    if (!inserted) throw new AppError(409, '该请求已验证过，请回到页面重新点击');
    return {
      staffId: staff.id,
      staffCode: staff.code,
      staffName: staff.name,
      staffType: staff.staffType,
      isPower: staff.isPower,
      email: staff.email,
    };
  }

  /** A one-time entry for an active account: the address /publicPage opens with it. */
  async entryTicket(
    staffCode: string,
    typePage: number,
  ): Promise<{ entryUrl: string; expiresIn: number }> {
    const staff = await this.db
      .selectFrom('staff')
      .select(['id'])
      .where('code', '=', staffCode)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (!staff) throw badRequest('账号不存在或已停用');
    const target = ENTRY_TARGETS[typePage] ?? '/error';
    const nonce = randomBytes(16).toString('hex');
    const ticket = await this.handoff.issue(
      staff.id,
      { key: sha256(`entry:${staff.id}:${nonce}`), sessionId: null },
      target,
    );
    return { entryUrl: `/publicPage?ticket=${ticket}`, expiresIn: 120 };
  }
}
