import { isStrongPassword } from '@school/common';

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%^&*_-+=?';

/**
 * A password an administrator can hand over: 12 characters with upper and
 * lower case, digits and symbols (letters that look alike left out), random
 * from the browser's cryptographic source. It always passes the strength rule.
 */
export function randomStrongPassword(random: (n: number) => number = cryptoInt): string {
  const pick = (chars: string) => chars[random(chars.length)]!;
  const all = UPPER + LOWER + DIGITS + SYMBOLS;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < 12) chars.push(pick(all));
  // Shuffle so the four kinds are not always at the front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  const password = chars.join('');
  return isStrongPassword(password) ? password : randomStrongPassword(random);
}

/** An integer in [0, n) without modulo bias. */
function cryptoInt(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buffer = new Uint32Array(1);
  do {
    crypto.getRandomValues(buffer);
  } while (buffer[0]! >= limit);
  return buffer[0]! % n;
}
