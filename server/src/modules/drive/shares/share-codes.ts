import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { forbidden, tooManyRequests } from '../../../http/errors.js';
import { giveBack, ProvenSecrets, takeTry } from '../../../platform/auth/throttle.js';
import { addMinutes, iso, type Clock } from '../../../time.js';

export const WRONG_CODE = '提取码错误';

/** Wrong codes allowed per link, and per address over all links, within the window. */
export const WRONG_CODES_PER_SHARE = 10;
export const WRONG_CODES_PER_ADDRESS = 20;
export const WRONG_CODE_WINDOW_MINUTES = 15;

/**
 * The 提取码 check of a share link, throttled per link (from any address) and per address
 * (over all links), counted in the login throttle's table so every process agrees; its
 * hourly prune removes the counts (platform/auth/throttle.ts).
 */
export class ShareCodeThrottle {
  /** Codes seen right in this process: their uses only read the counts. */
  private readonly proven = new ProvenSecrets();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  /**
   * Passes when `given` is the link's code `right`; 403 when it is not, 429 past a limit.
   * A code not seen right in this process takes its try first (one statement per count) and
   * is refused past a limit before it is compared, so a burst of guesses has exactly the
   * limit compared; a right one gives its try back. A code seen right before only reads the
   * counts: a player's many range requests through the link write nothing.
   */
  async check(shareCode: string, right: string, given: string, address: string): Promise<void> {
    const keys = { share: `share-code:${shareCode}`, address: `share-address:${address}` };
    if (given === right && this.proven.has(shareCode, given)) {
      const rows = await this.db
        .selectFrom('loginThrottle')
        .select(['key', 'failures'])
        .where('key', 'in', [keys.share, keys.address])
        .where('windowStart', '>=', iso(addMinutes(this.now(), -WRONG_CODE_WINDOW_MINUTES)))
        .execute();
      const over = rows.some((row) =>
        row.key === keys.share
          ? row.failures >= WRONG_CODES_PER_SHARE
          : row.failures >= WRONG_CODES_PER_ADDRESS,
      );
      if (over) throw this.tooMany();
      return;
    }
    const now = this.now();
    // The address's try is taken only by a guess the link still allows: a guess refused on the
    // link is never compared, and taking its address try too would let a burst's late guesses
    // use up the address's tries before an early one, allowed on the link, took its own.
    const onLink = await takeTry(this.db, keys.share, now, WRONG_CODE_WINDOW_MINUTES);
    if (onLink > WRONG_CODES_PER_SHARE) throw this.tooMany();
    const fromAddress = await takeTry(this.db, keys.address, now, WRONG_CODE_WINDOW_MINUTES);
    if (fromAddress > WRONG_CODES_PER_ADDRESS) throw this.tooMany();
    if (given !== right) throw forbidden(WRONG_CODE);
    await giveBack(this.db, [keys.share, keys.address]);
    this.proven.add(shareCode, given);
  }

  private tooMany() {
    return tooManyRequests(`提取码错误次数过多，请${WRONG_CODE_WINDOW_MINUTES}分钟后再试`);
  }
}
