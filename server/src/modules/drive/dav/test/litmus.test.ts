import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { davPerson, type DavPerson } from './dav-kit.js';

const run = promisify(execFile);

let t: TestApp;
let person: DavPerson;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  person = await davPerson(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await t.close();
});

/** Debian's litmus (scripts/test.mjs installs it), as a WebDAV client would be run. */
async function litmus(suites: string) {
  const { stdout } = await run(
    'litmus',
    ['-k', `${base}/dav/disk/`, person.code, person.appPassword],
    {
      // litmus writes its debug.log and child.log where it runs.
      cwd: fs.mkdtempSync(path.join(os.tmpdir(), 'litmus-')),
      env: { ...process.env, TESTS: suites },
      timeout: 120_000,
      maxBuffer: 4 * 1024 * 1024,
    },
  ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? String(err) }));
  return stdout;
}

describe('litmus, the WebDAV compliance suite, against /dav/disk/ with an app password', () => {
  it.each(['basic', 'copymove', 'props', 'locks'])(
    'passes %s',
    { timeout: 150_000 },
    async (suite) => {
      const out = await litmus(suite);
      const summary = new RegExp(
        `summary for \`${suite}': of (\\d+) tests run: (\\d+) passed, 0 failed`,
      );
      expect(out, out).toMatch(summary);
    },
  );
});
