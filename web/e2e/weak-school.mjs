// The weak-password server's school (playwright.config.ts): a copy of the demo server's seeded
// data folder in which every account's password is the given weak one, as a school whose staff
// chose weak passwords before the strength rule would be. Made in seconds, where seeding a
// second demo took a minute. Usage: node e2e/weak-school.mjs <health URL> <from> <to> <password>
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { hashPassword } from '../../server/dist/platform/auth/password.js';

const [health, from, to, password] = process.argv.slice(2);
if (!health || !from || !to || !password) {
  throw new Error('usage: weak-school.mjs <health URL> <from> <to> <password>');
}

/** The demo server answers once its seeding is done; its folder is then complete. */
async function seeded() {
  for (;;) {
    const answer = await fetch(health).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

await seeded();
// Stored files, pictures and uploads as they are; the database through SQLite's online backup,
// which copies a database in use consistently (its WAL included).
fs.cpSync(from, to, {
  recursive: true,
  filter: (source) => !path.basename(source).startsWith('portal.sqlite'),
});
const source = new Database(path.join(from, 'portal.sqlite'), { readonly: true });
await source.backup(path.join(to, 'portal.sqlite'));
source.close();
const copy = new Database(path.join(to, 'portal.sqlite'));
copy
  .prepare('update staff set password_hash = ?, whetherpass = 0, must_change_password = 0')
  .run(await hashPassword(password));
copy.close();
