import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { davPerson, type DavPerson } from './dav-kit.js';

/** Failed WebDAV sign-ins count as failed logins (the login's throttle, in the database). */
let t: TestApp;
let person: DavPerson;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_MAX_FAILURES: '3' } });
  person = await davPerson(t, { name: '孙老师' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});

afterAll(() => t?.close());

const propfind = (password: string) =>
  fetch(`${base}/dav/disk/`, {
    method: 'PROPFIND',
    headers: {
      depth: '0',
      authorization: `Basic ${Buffer.from(`${person.code}:${password}`).toString('base64')}`,
    },
  });

it('answers 429 after the configured failures, even to the right app password; a use is recorded', async () => {
  expect((await propfind(person.appPassword)).status).toBe(207);
  for (let i = 0; i < 3; i++) expect((await propfind(`wrong-${i}`)).status).toBe(401);
  const blocked = await propfind(person.appPassword);
  expect(blocked.status).toBe(429);
  expect(await blocked.text()).toContain('密码错误次数过多');
  const used = await t.db
    .selectFrom('appPassword')
    .select(['lastUsedAt'])
    .where('id', '=', person.appPasswordId)
    .executeTakeFirstOrThrow();
  expect(used.lastUsedAt).not.toBeNull();
});
