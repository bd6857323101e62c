import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { iso, type Clock } from '../../time.js';

export const hashSetupToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new one-time setup token (256 random bits): only its hash is kept, in the
 * database, replacing any earlier one, so the link of an earlier start stops
 * working and every copy of the server sharing the database accepts this one.
 */
export async function issueSetupToken(db: Kysely<Database>, now: Clock): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('setupToken').execute();
    await trx
      .insertInto('setupToken')
      .values({ tokenHash: hashSetupToken(token), createdAt: iso(now()) })
      .execute();
  });
  return token;
}

/** The address the first-run line prints (a server on every interface: localhost). */
export function setupAddress(config: { host: string; port: number }, token: string): string {
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${shown}:${config.port}/setup?token=${token}`;
}
