import { createHash, randomBytes } from 'node:crypto';
import type { AppPassword, NewAppPassword } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { displayTime, iso, type Clock } from '../../time.js';
import { AUTH_STAFF_COLUMNS, type AuthStaff } from './session.js';
import { ProvenSecrets, type LoginThrottle } from './throttle.js';

/**
 * App passwords (应用专用密码, issue 22): a password a person makes on /editPwd for one
 * WebDAV client (映射网络驱动器, Finder, WPS, rclone, a phone's file app) and revokes there.
 * The account password never works over WebDAV, so a password saved in some client's settings
 * is never the one that opens the whole account, and one lost device is revoked alone.
 *
 * The secret: 28 characters from 31 that cannot be mistaken for one another (no 0/o, 1/i/l),
 * drawn from crypto.randomBytes, about 139 bits, shown in four groups of seven for typing.
 * Only its SHA-256 is stored. A slow password hash (scrypt, as the account password has) is
 * for secrets people choose, which can be guessed from a list; nobody can walk a space of
 * 2^139 at any hash speed, so a fast hash loses nothing. And a slow one would cost: a WebDAV
 * client sends Basic authentication with every request, a folder listing in Explorer is tens
 * of requests, and scrypt's ~50 ms each would make every listing take seconds. Stored hashed,
 * a copied database still opens no one's drive.
 *
 * Changing the account password keeps app passwords (as Google's and Apple's do): they are
 * separate secrets and each is revoked on its own. An administrator disabling the account
 * (staff.status not 1) makes them all fail at once, as it does the account's sessions.
 */

/** The characters of a secret: lower-case letters and digits without 0, 1, i, l, o. */
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const GROUPS = 4;
const GROUP_LENGTH = 7;
const SECRET_LENGTH = GROUPS * GROUP_LENGTH;
const TYPED = new RegExp(`^[${ALPHABET}]{${SECRET_LENGTH}}$`);

/** At most this many per person: one per device or program is plenty. */
export const APP_PASSWORDS_MAX = 20;
export const APP_PASSWORD_NAME_MAX = 30;

/** last_used_at / last_used_ip are written at most this often, like a session's lastSeenAt. */
const TOUCH_INTERVAL_MS = 60_000;

/** A new secret, grouped for reading (`abc2def-...`): uniform over the alphabet. */
export function newSecret(): string {
  // Bytes of 248 and over are dropped so that each of the 31 characters is equally likely.
  const limit = 256 - (256 % ALPHABET.length);
  let chars = '';
  while (chars.length < SECRET_LENGTH) {
    for (const byte of randomBytes(SECRET_LENGTH * 2)) {
      if (byte < limit && chars.length < SECRET_LENGTH) chars += ALPHABET[byte % ALPHABET.length];
    }
  }
  return chars.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))!.join('-');
}

/** A secret as typed: case, spaces and dashes do not matter. Null when it cannot be one. */
function typedSecret(password: string): string | null {
  const secret = password.toLowerCase().replace(/[\s-]/g, '');
  return TYPED.test(secret) ? secret : null;
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/** Who a WebDAV request is, by an app password: the staff member and which password it was. */
export interface AppPasswordUser {
  /** sessionId 0: there is no session behind a WebDAV request. */
  staff: AuthStaff;
  appPassword: { id: number; name: string };
}

const DUPLICATE = '已有同名的应用专用密码，请换一个名称';
const NOT_FOUND = '应用专用密码不存在或已撤销';

export class AppPasswords {
  /** Secrets proven right in this process: their requests only read the throttle. */
  private readonly proven = new ProvenSecrets();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly throttle: LoginThrottle,
    private readonly now: Clock,
  ) {}

  /** The caller's own app passwords, newest first; never a secret or its hash. */
  async list(staff: Pick<AuthStaff, 'id'>): Promise<AppPassword[]> {
    const rows = await this.db
      .selectFrom('appPassword')
      .select(['id', 'name', 'createdAt', 'lastUsedAt', 'lastUsedIp'])
      .where('staffId', '=', staff.id)
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      createTime: displayTime(row.createdAt),
      lastUseTime: displayTime(row.lastUsedAt),
      lastUseIp: row.lastUsedIp ?? '',
    }));
  }

  /** A new app password of the caller: the one answer that holds its secret. */
  async add(staff: Pick<AuthStaff, 'id'>, name: string): Promise<NewAppPassword> {
    const trimmed = name.trim();
    if (!trimmed) throw badRequest('请填写名称，例如“办公室电脑”');
    if ([...trimmed].length > APP_PASSWORD_NAME_MAX) {
      throw badRequest(`名称不能超过${APP_PASSWORD_NAME_MAX}个字`);
    }
    const mine = await this.db
      .selectFrom('appPassword')
      .select('name')
      .where('staffId', '=', staff.id)
      .execute();
    if (mine.some((row) => row.name === trimmed)) throw badRequest(DUPLICATE);
    if (mine.length >= APP_PASSWORDS_MAX) {
      throw badRequest(`应用专用密码最多${APP_PASSWORDS_MAX}个，请先撤销不再使用的`);
    }
    const password = newSecret();
    const createdAt = iso(this.now());
    try {
      const { id } = await this.db
        .insertInto('appPassword')
        .values({
          staffId: staff.id,
          name: trimmed,
          secretHash: hashSecret(typedSecret(password)!),
          createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, name: trimmed, password, createTime: displayTime(createdAt) };
    } catch (err) {
      // The same name added twice at once: the unique index refuses the second.
      if (isUniqueViolation(err)) throw badRequest(DUPLICATE);
      throw err;
    }
  }

  /**
   * Revokes one of the caller's own: the next request with it fails. Another person's id is
   * answered as a missing one, so ids tell nothing.
   */
  async remove(staff: Pick<AuthStaff, 'id'>, id: number): Promise<void> {
    const { numDeletedRows } = await this.db
      .deleteFrom('appPassword')
      .where('id', '=', id)
      .where('staffId', '=', staff.id)
      .executeTakeFirst();
    if (numDeletedRows === 0n) throw notFound(NOT_FOUND);
  }

  /**
   * Who sends `login` (the staff code, as typed at login) and `password` from `ip`, by one
   * of their app passwords; null for a wrong code or password or a disabled account. The
   * account password is never accepted. Tries are counted with the login's (LoginThrottle):
   * past its limits this throws the login's 429, even for a right password. A secret not seen
   * right before takes its try before it is looked up (so a burst of guesses has exactly the
   * limit looked up) and gives it back when right; one this process saw right only reads the
   * counts, so a client's steady requests write nothing but last_used_at once a minute.
   */
  async authenticate(login: string, password: string, ip: string): Promise<AppPasswordUser | null> {
    const code = login.trim();
    const secret = typedSecret(password);
    const proven = secret !== null && this.proven.has(code, secret);
    let failuresHere = false;
    if (proven) ({ failuresHere } = await this.throttle.check(code, ip));
    else await this.throttle.attempt(code, ip);
    const row = secret ? await this.lookUp(code, secret) : undefined;
    if (!secret || !row || row.status !== 1) {
      if (proven) {
        this.proven.delete(code, secret);
        await this.throttle.failed(code, ip);
      }
      return null;
    }
    if (!proven) {
      await this.throttle.succeeded(code, ip);
      this.proven.add(code, secret);
    } else if (failuresHere) {
      await this.throttle.forgive(code, ip);
    }
    const now = this.now();
    if (
      !row.lastUsedAt ||
      now.getTime() - new Date(row.lastUsedAt).getTime() >= TOUCH_INTERVAL_MS
    ) {
      await this.db
        .updateTable('appPassword')
        .set({ lastUsedAt: iso(now), lastUsedIp: ip.slice(0, 64) })
        .where('id', '=', row.appPasswordId)
        .execute();
      // The address is the owner's, as after a login: guesses spread over other addresses do
      // not close the account to it (LoginThrottle's per-account limit).
      if (proven) await this.throttle.trust(code, ip);
    }
    const { appPasswordId, appPasswordName, lastUsedAt: _used, status: _status, ...staff } = row;
    return {
      staff: { ...staff, sessionId: 0 },
      appPassword: { id: appPasswordId, name: appPasswordName },
    };
  }

  /** The app password `secret` of the account `code`, with its owner. */
  private lookUp(code: string, secret: string) {
    return this.db
      .selectFrom('appPassword')
      .innerJoin('staff', 'staff.id', 'appPassword.staffId')
      .select([
        'appPassword.id as appPasswordId',
        'appPassword.name as appPasswordName',
        'appPassword.lastUsedAt',
        ...AUTH_STAFF_COLUMNS,
      ])
      .where('appPassword.secretHash', '=', hashSecret(secret))
      .where('staff.code', '=', code)
      .executeTakeFirst();
  }
}
