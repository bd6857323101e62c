import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { AuthStaff } from '../../http/auth.js';
import { TOKEN_EXPIRED, TOKEN_INVALID, unauthorized } from '../../http/errors.js';
import { addMinutes, iso, type Clock } from '../../time.js';

export type { AuthStaff };

/** Who makes a change and from where, for the operation log. */
export interface Actor {
  staff: Pick<AuthStaff, 'id' | 'name'>;
  ip: string | null;
}

/** The staff columns an AuthStaff is made of (a session's, an app password's), with status. */
export const AUTH_STAFF_COLUMNS = [
  'staff.id',
  'staff.code',
  'staff.name',
  'staff.staffType',
  'staff.isPower',
  'staff.isAdmin',
  'staff.email',
  'staff.schoolId',
  'staff.whetherpass',
  'staff.status',
] as const;

/** What the session lookup reads: the session's times and its staff member. */
type SessionRow = Omit<AuthStaff, 'sessionId'> & {
  sessionId: number;
  lastSeenAt: string;
  expiresAt: string;
  status: number;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Writing lastSeenAt on every request would make every read a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

export class SessionStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Pick<Config, 'sessionIdleMinutes' | 'sessionMaxHours'>,
    private readonly now: Clock,
  ) {
    this.lookup = this.lookupStatement();
  }

  /**
   * A new session of `staffId`. With `parent` (a hand-off), it ends when that
   * session ends and no later than it would have: a hand-off cannot renew a
   * session, however often it is repeated.
   */
  async create(
    staffId: number,
    ip: string | null,
    userAgent: string | null,
    db: Kysely<Database> = this.db,
    parent?: { id: number; expiresAt: string },
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const fullTerm = iso(addMinutes(now, this.config.sessionMaxHours * 60));
    await db
      .deleteFrom('session')
      .where('staffId', '=', staffId)
      .where('expiresAt', '<', iso(now))
      .execute();
    await db
      .insertInto('session')
      .values({
        tokenHash: hashToken(token),
        staffId,
        createdAt: iso(now),
        lastSeenAt: iso(now),
        expiresAt: parent && parent.expiresAt < fullTerm ? parent.expiresAt : fullTerm,
        ip,
        userAgent: userAgent?.slice(0, 256) ?? null,
        parentId: parent?.id ?? null,
      })
      .execute();
    return token;
  }

  /**
   * The statement that finds a token's session and staff member, compiled at the first request:
   * every staff request runs it, and building it costs more than running it (issue 20).
   */
  private readonly lookup: (tokenHash: string) => Promise<SessionRow[]>;

  private lookupStatement() {
    return compiledOnce<SessionRow, [tokenHash: string]>(this.db, () =>
      this.db
        .selectFrom('session')
        .innerJoin('staff', 'staff.id', 'session.staffId')
        .select([
          'session.id as sessionId',
          'session.lastSeenAt',
          'session.expiresAt',
          ...AUTH_STAFF_COLUMNS,
        ])
        .where('session.tokenHash', '=', ''),
    );
  }

  /** The staff member of a token, or a 401 with the spec's message. */
  async resolve(token: string): Promise<AuthStaff> {
    const [row] = await this.lookup(hashToken(token));
    if (!row || row.status !== 1) throw unauthorized(TOKEN_INVALID);
    const now = this.now();
    const idleLimit = addMinutes(new Date(row.lastSeenAt), this.config.sessionIdleMinutes);
    if (new Date(row.expiresAt) <= now || idleLimit <= now) {
      await this.db.deleteFrom('session').where('id', '=', row.sessionId).execute();
      throw unauthorized(TOKEN_EXPIRED);
    }
    if (now.getTime() - new Date(row.lastSeenAt).getTime() > TOUCH_INTERVAL_MS) {
      await this.db
        .updateTable('session')
        .set({ lastSeenAt: iso(now) })
        .where('id', '=', row.sessionId)
        .execute();
    }
    const { lastSeenAt: _seen, expiresAt: _expires, status: _status, ...staff } = row;
    return staff;
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db.deleteFrom('session').where('id', '=', sessionId).execute();
  }

  async revokeOthers(staffId: number, keepSessionId: number): Promise<void> {
    // Kept on its own, or it would go with the session a hand-off opened it from.
    await this.db
      .updateTable('session')
      .set({ parentId: null })
      .where('id', '=', keepSessionId)
      .execute();
    await this.db
      .deleteFrom('session')
      .where('staffId', '=', staffId)
      .where('id', '!=', keepSessionId)
      .execute();
  }
}
