import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt with a per-user salt: `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`, base64url. */
const LOG_N = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const maxmem = 256 * (options.N ?? 1) * (options.r ?? 8) + 32 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/**
 * The cost for a generated one-time initial password (staff import): a random secret of about
 * 70 bits needs no slow hash to resist guessing, and 2,000 of them at the full cost take
 * minutes on two cores. The first login must replace it; the new one gets the full cost.
 */
export const INITIAL_PASSWORD_LOG_N = 8;

export async function hashPassword(password: string, logN = LOG_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: 2 ** logN, r: R, p: P });
  return ['scrypt', logN, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: 2 ** Number(logN),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of nothing, verified against when an account does not exist so timing tells nothing. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString('hex'));
  return decoy;
}
