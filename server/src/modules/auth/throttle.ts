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
 * Counts wrong passwords per account-and-address and per address, in the
 * database so that every server process agrees. Keying the account limit by
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

  async assertAllowed(code: string, ip: string): Promise<void> {
    const { account, address } = this.keys(code, ip);
    const rows = await this.db
      .selectFrom('loginThrottle')
      .select(['key', 'failures'])
      .where('key', 'in', [account, address])
      .where('windowStart', '>=', this.windowStart())
      .execute();
    const limits: Record<string, number> = {
      [account]: this.config.loginMaxFailuresPerAccount,
      [address]: this.config.loginMaxFailuresPerAddress,
    };
    if (rows.some((row) => row.failures >= limits[row.key])) {
      throw tooManyRequests(
        `密码错误次数过多，请${this.config.loginFailureWindowMinutes}分钟后再试`,
      );
    }
  }

  async recordFailure(code: string, ip: string): Promise<void> {
    const now = iso(this.now());
    const stale = this.windowStart();
    for (const key of Object.values(this.keys(code, ip))) {
      await this.db
        .insertInto('loginThrottle')
        .values({ key, failures: 1, windowStart: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql`case when login_throttle.window_start < ${stale} then 1 else login_throttle.failures + 1 end`,
            windowStart: sql`case when login_throttle.window_start < ${stale} then ${now} else login_throttle.window_start end`,
          }),
        )
        .execute();
    }
  }

  async clearAccount(code: string, ip: string): Promise<void> {
    await this.db
      .deleteFrom('loginThrottle')
      .where('key', '=', this.keys(code, ip).account)
      .execute();
  }
}
