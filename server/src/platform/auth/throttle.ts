import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { tooManyRequests } from '../../http/errors.js';
import { addMinutes, iso, type Clock } from '../../time.js';

type ThrottleConfig = Pick<
  Config,
  'loginMaxFailuresPerAccount' | 'loginMaxFailuresPerAddress' | 'loginFailureWindowMinutes'
>;

/**
 * Counts login attempts that did not succeed, per account-and-address and
 * per address, in the database so that every server process agrees. Keying the account limit by
 * address too means a guesser cannot lock the owner out from elsewhere: the
 * right password from another address still works.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: ThrottleConfig,
    private readonly now: Clock,
  ) {}

  private keys(code: string, ip: string) {
    return {
      account: `account:${code.toLowerCase()}@${ip}`,
      address: `address:${ip}`,
    };
  }

  private windowStart(): string {
    return iso(addMinutes(this.now(), -this.config.loginFailureWindowMinutes));
  }

  /**
   * Counts this attempt before the password is checked, in one statement per
   * key, so a burst of simultaneous guesses cannot all slip under the limit.
   * A successful login gives the attempt back (`succeeded`).
   */
  async attempt(code: string, ip: string): Promise<void> {
    const now = iso(this.now());
    const stale = this.windowStart();
    const { account, address } = this.keys(code, ip);
    const limits: Array<[string, number]> = [
      [account, this.config.loginMaxFailuresPerAccount],
      [address, this.config.loginMaxFailuresPerAddress],
    ];
    let blocked = false;
    for (const [key, limit] of limits) {
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
      if (failures > limit) blocked = true;
    }
    if (blocked) {
      throw tooManyRequests(
        `密码错误次数过多，请${this.config.loginFailureWindowMinutes}分钟后再试`,
      );
    }
  }

  /** The password was right: forget the account's count and return the address's attempt. */
  async succeeded(code: string, ip: string): Promise<void> {
    const { account, address } = this.keys(code, ip);
    await this.db.deleteFrom('loginThrottle').where('key', '=', account).execute();
    await this.db
      .updateTable('loginThrottle')
      .set({ failures: sql`case when failures > 0 then failures - 1 else 0 end` })
      .where('key', '=', address)
      .execute();
  }
}
