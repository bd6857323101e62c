import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { tooManyRequests } from '../../http/errors.js';
import { addMinutes, iso, type Clock } from '../../time.js';

type ThrottleConfig = Pick<
  Config,
  | 'loginMaxFailuresPerAccount'
  | 'loginMaxFailuresPerAddress'
  | 'loginMaxFailuresPerAccountOverall'
  | 'loginFailureWindowMinutes'
>;

/** An address the account logged in from within this many days is its owner's (see `trusted`). */
export const TRUSTED_ADDRESS_DAYS = 30;

/**
 * Counts login attempts that did not succeed, in the database so that every
 * server process agrees:
 *
 * - per account and address (LOGIN_MAX_FAILURES) and per address over all
 *   accounts (LOGIN_MAX_FAILURES_PER_ADDRESS): one guesser at one address;
 * - per account over all addresses (LOGIN_MAX_FAILURES_PER_ACCOUNT, higher):
 *   guesses spread over many addresses. Past it the account is closed to
 *   addresses it has not logged in from in the last TRUSTED_ADDRESS_DAYS, so
 *   the owner at their usual computers still gets in, and elsewhere waits
 *   out the window at most: a guesser can slow the owner down, not lock
 *   them out, and gets no more than the limit's guesses per window.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: ThrottleConfig,
    private readonly now: Clock,
  ) {}

  private keys(code: string, ip: string) {
    const account = code.toLowerCase();
    return {
      account: `account:${account}@${ip}`,
      address: `address:${ip}`,
      overall: `account-all:${account}`,
      trusted: `trusted:${account}@${ip}`,
    };
  }

  private windowStart(): string {
    return iso(addMinutes(this.now(), -this.config.loginFailureWindowMinutes));
  }

  /** Adds one attempt to `key`'s window (a new window once the old one is over): the count. */
  private async count(key: string): Promise<number> {
    const now = iso(this.now());
    const stale = this.windowStart();
    const { failures } = await this.db
      .insertInto('loginThrottle')
      .values({ key, failures: 1, windowStart: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql`case when login_throttle.window_start < ${stale} then 1 else login_throttle.failures + 1 end`,
          windowStart: sql`case when login_throttle.window_start < ${stale} then ${now} else login_throttle.window_start end`,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    return failures;
  }

  /** Whether the account logged in from this address lately. */
  private async trusted(key: string): Promise<boolean> {
    const since = iso(addMinutes(this.now(), -TRUSTED_ADDRESS_DAYS * 24 * 60));
    const row = await this.db
      .selectFrom('loginThrottle')
      .select('key')
      .where('key', '=', key)
      .where('windowStart', '>=', since)
      .executeTakeFirst();
    return row !== undefined;
  }

  private lockedOut() {
    return tooManyRequests(
      `密码错误次数过多，请${this.config.loginFailureWindowMinutes}分钟后再试`,
    );
  }

  private accountLockedOut() {
    return tooManyRequests(
      `该账号近期密码错误次数过多，请${this.config.loginFailureWindowMinutes}分钟后再试，或在常用的电脑上登录`,
    );
  }

  /**
   * Counts this attempt before the password is checked, in one statement per
   * key, so a burst of simultaneous guesses cannot all slip under the limit.
   * A successful login gives the attempt back (`succeeded`).
   */
  async attempt(code: string, ip: string): Promise<void> {
    const keys = this.keys(code, ip);
    const account = await this.count(keys.account);
    const address = await this.count(keys.address);
    const overall = await this.count(keys.overall);
    if (
      account > this.config.loginMaxFailuresPerAccount ||
      address > this.config.loginMaxFailuresPerAddress
    ) {
      throw this.lockedOut();
    }
    if (
      overall > this.config.loginMaxFailuresPerAccountOverall &&
      !(await this.trusted(keys.trusted))
    ) {
      throw this.accountLockedOut();
    }
  }

  /**
   * For a password sent with every request (WebDAV's Basic authentication with an app
   * password): reads the counts and throws the login's 429 when this account and address are
   * past a limit, writing nothing, so a request that succeeds costs no write. The limits are the
   * login's, on the same counts: a guess over WebDAV is a guess at the login and the other way
   * round. Guesses sent at the same moment may pass this check together and go a few over the
   * limit; an app password's secret is far too large for that to matter.
   * Answers whether this account has failures counted at this address (`forgive` clears them).
   */
  async check(code: string, ip: string): Promise<{ failuresHere: boolean }> {
    const keys = this.keys(code, ip);
    const stale = this.windowStart();
    const rows = await this.db
      .selectFrom('loginThrottle')
      .select(['key', 'failures', 'windowStart'])
      .where('key', 'in', [keys.account, keys.address, keys.overall])
      .execute();
    const failures = (key: string) => {
      const row = rows.find((r) => r.key === key);
      return row && row.windowStart >= stale ? row.failures : 0;
    };
    const account = failures(keys.account);
    if (
      account >= this.config.loginMaxFailuresPerAccount ||
      failures(keys.address) >= this.config.loginMaxFailuresPerAddress
    ) {
      throw this.lockedOut();
    }
    if (
      failures(keys.overall) >= this.config.loginMaxFailuresPerAccountOverall &&
      !(await this.trusted(keys.trusted))
    ) {
      throw this.accountLockedOut();
    }
    return { failuresHere: account > 0 };
  }

  /** A failure after `check`: counted for the account at this address, the address, the account. */
  async failed(code: string, ip: string): Promise<void> {
    const keys = this.keys(code, ip);
    await this.count(keys.account);
    await this.count(keys.address);
    await this.count(keys.overall);
  }

  /** A success after `check` found failures here: the account's count at this address is cleared. */
  async forgive(code: string, ip: string): Promise<void> {
    await this.db
      .deleteFrom('loginThrottle')
      .where('key', '=', this.keys(code, ip).account)
      .execute();
  }

  /** Remembers the address as the account's own, as a login does (see `trusted`). */
  async trust(code: string, ip: string): Promise<void> {
    const now = iso(this.now());
    await this.db
      .insertInto('loginThrottle')
      .values({ key: this.keys(code, ip).trusted, failures: 0, windowStart: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ windowStart: now }))
      .execute();
  }

  /**
   * The password was right: forget the account's count at this address,
   * give the attempt back to the address and the account, and remember the
   * address as the account's own.
   */
  async succeeded(code: string, ip: string): Promise<void> {
    const keys = this.keys(code, ip);
    const now = iso(this.now());
    await this.db.deleteFrom('loginThrottle').where('key', '=', keys.account).execute();
    await this.db
      .updateTable('loginThrottle')
      .set({ failures: sql`case when failures > 0 then failures - 1 else 0 end` })
      .where('key', 'in', [keys.address, keys.overall])
      .execute();
    await this.db
      .insertInto('loginThrottle')
      .values({ key: keys.trusted, failures: 0, windowStart: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ windowStart: now }))
      .execute();
    await this.db
      .deleteFrom('loginThrottle')
      .where('key', 'like', 'trusted:%')
      .where('windowStart', '<', iso(addMinutes(this.now(), -TRUSTED_ADDRESS_DAYS * 24 * 60)))
      .execute();
  }
}
