import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { tooManyRequests } from '../../http/errors.js';
import { addMinutes, iso, type Clock } from '../../time.js';
import type { JobQueue } from '../jobs/queue.js';

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
 * Counts of other throttles kept in the same table (a share link's 提取码, 15 minutes) use
 * windows of at most this: the prune keeps their rows this long.
 */
export const OTHER_COUNT_WINDOW_MAX_MINUTES = 60;

const PRUNE = 'login-throttle-prune';
const HOUR_MS = 60 * 60_000;
/** Key prefixes of the login's own counts, pruned once the login's window is over. */
const LOGIN_PREFIXES = ['account:', 'address:', 'account-all:'];

/**
 * Takes one try of `key` in its window (a new window once the old one is over), in one
 * statement, and answers the count with this try. A caller counts the try *before* it checks
 * the secret and refuses past its limit, so a burst of tries sent at once cannot all read a
 * count under the limit: exactly the limit are checked.
 */
export async function takeTry(
  db: Kysely<Database>,
  key: string,
  now: Date,
  windowMinutes: number,
): Promise<number> {
  const at = iso(now);
  const stale = iso(addMinutes(now, -windowMinutes));
  const { failures } = await db
    .insertInto('loginThrottle')
    .values({ key, failures: 1, windowStart: at })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`case when login_throttle.window_start < ${stale} then 1 else login_throttle.failures + 1 end`,
        windowStart: sql`case when login_throttle.window_start < ${stale} then ${at} else login_throttle.window_start end`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return failures;
}

/** Gives a try taken by `takeTry` back (the secret was right): it does not count. */
export async function giveBack(db: Kysely<Database>, keys: string[]): Promise<void> {
  await db
    .updateTable('loginThrottle')
    .set({ failures: sql`case when failures > 0 then failures - 1 else 0 end` })
    .where('key', 'in', keys)
    .execute();
}

/** How many secrets a process remembers as proven right (`ProvenSecrets`). */
const PROVEN_MAX = 5_000;

/**
 * Secrets this process has seen proven right (an app password, a link's 提取码), by a hash.
 * A request with one of them has its secret checked all the same, but takes no try: the
 * throttle is only read, so a WebDAV client or a video played through a link does not write
 * counts with every request. A guess is never in here, so guesses always take their tries.
 */
export class ProvenSecrets {
  private readonly seen = new Set<string>();

  private static key(parts: string[]): string {
    return createHash('sha256').update(parts.join('\n')).digest('base64url');
  }

  has(...parts: string[]): boolean {
    return this.seen.has(ProvenSecrets.key(parts));
  }

  add(...parts: string[]): void {
    const key = ProvenSecrets.key(parts);
    this.seen.delete(key);
    this.seen.add(key);
    // The oldest goes first: a Set keeps the order things were added in.
    if (this.seen.size > PROVEN_MAX) this.seen.delete(this.seen.values().next().value!);
  }

  delete(...parts: string[]): void {
    this.seen.delete(ProvenSecrets.key(parts));
  }
}

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
    private readonly jobs?: JobQueue,
  ) {
    jobs?.register({
      kind: PRUNE,
      timeoutMs: 10 * 60_000,
      maxAttempts: 3,
      repeatMs: HOUR_MS,
      run: () => this.prune(),
    });
  }

  /** Queues the hourly prune (at start). */
  async schedule(): Promise<void> {
    await this.jobs?.schedule(PRUNE, PRUNE);
  }

  /**
   * Removes rows nothing reads any more: the login's counts whose window is over, other
   * throttles' counts past OTHER_COUNT_WINDOW_MAX_MINUTES, addresses not trusted lately.
   */
  async prune(): Promise<void> {
    const now = this.now();
    const before = (minutes: number) => iso(addMinutes(now, -minutes));
    const isLogin = LOGIN_PREFIXES.map((prefix) => `${prefix}%`);
    await this.db
      .deleteFrom('loginThrottle')
      .where((eb) =>
        eb.or([
          eb.and([
            eb.or(isLogin.map((pattern) => eb('key', 'like', pattern))),
            eb('windowStart', '<', this.windowStart()),
          ]),
          eb.and([
            eb('key', 'like', 'trusted:%'),
            eb('windowStart', '<', before(TRUSTED_ADDRESS_DAYS * 24 * 60)),
          ]),
          eb.and([
            ...[...isLogin, 'trusted:%'].map((pattern) => eb('key', 'not like', pattern)),
            eb(
              'windowStart',
              '<',
              before(
                Math.max(OTHER_COUNT_WINDOW_MAX_MINUTES, this.config.loginFailureWindowMinutes),
              ),
            ),
          ]),
        ]),
      )
      .execute();
  }

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
  private count(key: string): Promise<number> {
    return takeTry(this.db, key, this.now(), this.config.loginFailureWindowMinutes);
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
    // Each count is taken only by an attempt the one before allows: an attempt refused early is
    // never checked, and counting it further on would let a burst's late attempts use up the
    // address's tries before an early one, allowed for its account, took its own.
    const account = await this.count(keys.account);
    if (account > this.config.loginMaxFailuresPerAccount) throw this.lockedOut();
    const address = await this.count(keys.address);
    if (address > this.config.loginMaxFailuresPerAddress) throw this.lockedOut();
    const overall = await this.count(keys.overall);
    if (
      overall > this.config.loginMaxFailuresPerAccountOverall &&
      !(await this.trusted(keys.trusted))
    ) {
      throw this.accountLockedOut();
    }
  }

  /**
   * For a secret this process has seen proven right (ProvenSecrets: an app password sent
   * with every WebDAV request): reads the counts and throws the login's 429 when this account
   * and address are past a limit, writing nothing, so such a request costs no write. The
   * limits are the login's, on the same counts. A secret not proven takes its try with
   * `attempt` instead, before it is checked.
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

  /** A proven secret that failed after `check` (revoked since): counted as a failure. */
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
    await this.db.deleteFrom('loginThrottle').where('key', '=', keys.account).execute();
    await giveBack(this.db, [keys.address, keys.overall]);
    // Addresses trusted long ago are removed by the hourly prune.
    await this.trust(code, ip);
  }
}
