import fs from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD, STAFF, WEAK_PASSWORD, staffState } from './login';

/**
 * After the whole run (Playwright's globalTeardown): no secret of the run may be in the test
 * servers' logs (issue 21), which playwright.config.ts writes at level info, a line per request.
 * Fails the run naming the file and the kind of secret (never printing the secret itself).
 */

/** Passwords the specs type: the demo ones, a wrong one and the one a teacher changes to. */
const PASSWORDS = [DEMO_PASSWORD, WEAK_PASSWORD, 'Strong#2026', 'Wrong#Pass1'];

/** Parameters whose value must show as [REDACTED] in a logged address. */
const UNMASKED_PARAM =
  /[?&](?:staffPass|newStaffPass|oldStaffPass|ticket|entryTicket|token|extractCode|sign)=(?!\[REDACTED\])[^&\s"]/i;
/** Headers that must never be logged with a value. */
const LOGGED_HEADER = /"(?:authorization|cookie|token|set-cookie)"\s*:\s*"(?!\[Redacted\])/i;
/**
 * A session token (32 random bytes, base64url: 43 characters) or a hand-off ticket (24: 32) as a
 * query value under any name, or as a whole logged string.
 */
const TOKEN_SHAPED = /(?:=|")(?:[A-Za-z0-9_-]{43}|[A-Za-z0-9_-]{32})(?:[&"#]|$)/;

/** The one line the server prints its first-run address on (boot/prepare.ts): allowed once. */
const SETUP_LINE =
  /^\s*首次设置：请在浏览器中打开 http:\/\/\S+\/setup\?token=([A-Za-z0-9_-]{43})\s*$/;

/** An app password (issue 22; platform/auth/app-passwords.ts), with or without its dashes. */
const APP_PASSWORD_SHAPED = /(?<![\w-])[2-9a-hjkmnp-z]{7}(?:-?[2-9a-hjkmnp-z]{7}){3}(?![\w-])/;

/** The session tokens and cookie values the setup project kept for the staff suites. */
function keptSessions(): string[] {
  const values: string[] = [];
  for (const account of Object.keys(STAFF) as (keyof typeof STAFF)[]) {
    const file = staffState(account);
    if (!fs.existsSync(file)) continue;
    const state = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      cookies?: { value: string }[];
      origins?: { localStorage?: { value: string }[] }[];
    };
    const raw = [
      ...(state.cookies ?? []).map((cookie) => cookie.value),
      ...(state.origins ?? []).flatMap((origin) => (origin.localStorage ?? []).map((e) => e.value)),
    ];
    for (const value of raw) {
      // A stored `User` is JSON holding the token; a cookie may be the token itself.
      let text = value;
      try {
        text = decodeURIComponent(value);
      } catch {
        // Not percent-encoded: as it is.
      }
      for (const piece of text.match(/[A-Za-z0-9_-]{24,}/g) ?? []) values.push(piece);
    }
  }
  return values;
}

export default function checkServerLogs(): void {
  const dir = process.env.E2E_SERVER_LOG_DIR;
  if (!dir || !fs.existsSync(dir)) throw new Error('e2e: no server log folder to check');
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.log'));
  const secrets: Array<readonly [string, string]> = [
    ...PASSWORDS.flatMap((password) => [password, encodeURIComponent(password)]).map(
      (value) => ['a password', value] as const,
    ),
    ...keptSessions().map((value) => ['a kept session token or cookie', value] as const),
  ];
  // The first run's token is printed once, on its own console line (SETUP_LINE): any other
  // line holding it is a leak.
  for (const name of files) {
    for (const line of fs.readFileSync(path.join(dir, name), 'utf8').split('\n')) {
      const token = SETUP_LINE.exec(line)?.[1];
      if (token) secrets.push(['the setup token', token] as const);
    }
  }
  const found: string[] = [];
  let requests = 0;
  for (const name of files) {
    const lines = fs.readFileSync(path.join(dir, name), 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (line.includes('"incoming request"')) requests++;
      if (SETUP_LINE.test(line)) return;
      const where = `${name}:${index + 1}`;
      for (const [kind, value] of secrets)
        if (line.includes(value)) found.push(`${where}: ${kind}`);
      if (UNMASKED_PARAM.test(line)) found.push(`${where}: an unmasked secret parameter`);
      if (LOGGED_HEADER.test(line)) found.push(`${where}: a secret header`);
      if (TOKEN_SHAPED.test(line)) found.push(`${where}: a token-shaped value`);
      if (APP_PASSWORD_SHAPED.test(line)) found.push(`${where}: an app-password-shaped value`);
    });
  }
  // The servers did log the run's requests, so finding nothing means something.
  if (requests === 0) throw new Error(`e2e: the server logs in ${dir} hold no request lines`);
  if (found.length) {
    throw new Error(
      `e2e: secrets in the server logs (${dir}):\n  ${found.slice(0, 20).join('\n  ')}` +
        (found.length > 20 ? `\n  … and ${found.length - 20} more` : ''),
    );
  }
  console.log(`e2e: ${requests} logged requests in ${files.length} server logs, no secrets`);
}
