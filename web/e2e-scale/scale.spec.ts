import { randomBytes } from 'node:crypto';
import { expect, request as http, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, loginToken } from '../e2e/api';
import { DEMO_PASSWORD, loginThroughModal, VISITOR } from '../e2e/login';

/**
 * Two copies of the site on one PostgreSQL database and one S3 bucket behind nginx (issue 21;
 * the rig: cluster.ts). The tests run in order: the last one stops the first copy.
 */
const nginx = process.env.SCALE_NGINX!;
const [one, two] = (process.env.SCALE_COPIES ?? '').split(',');
const [firstPid] = (process.env.SCALE_PIDS ?? '').split(',').map(Number);

/** The colleague the demo teacher writes to. */
const COLLEAGUE = 't1001';

const contexts: APIRequestContext[] = [];
async function copy(baseURL: string) {
  const context = await http.newContext({ baseURL, ignoreHTTPSErrors: true });
  contexts.push(context);
  return context;
}
test.afterAll(async () => {
  for (const context of contexts) await context.dispose();
});

/** The unread count the chrome's 邮件 link shows (0 without a badge). */
async function unreadOf(page: Page): Promise<number> {
  const link = page
    .getByRole('navigation', { name: '校内网导航' })
    .getByRole('link', { name: /^邮件/ });
  const label = (await link.getAttribute('aria-label')) ?? '';
  return Number(/（(\d+)封未读）/.exec(label)?.[1] ?? 0);
}

test('nginx serves the portal over TLS and HTTP/2, its built files from disk for a year', async ({
  page,
}) => {
  const answer = await page.goto(`${nginx}/index`);
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole('banner')).toBeVisible();
  const protocol = await page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
        .nextHopProtocol,
  );
  expect(protocol).toBe('h2');
  const asset = await page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')]
        .map((link) => new URL(link.href).pathname)
        .find((href) => href.startsWith('/assets/')) ?? '',
  );
  expect(asset).not.toBe('');
  const file = await page.request.get(`${nginx}${asset}`);
  expect(file.status()).toBe(200);
  expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // Plain http is sent to https.
  const plain = await page.request.get(`${nginx.replace('https:', 'http:')}/index`, {
    maxRedirects: 0,
  });
  expect([301, 400]).toContain(plain.status());
});

test('a login made on one copy works on the other, and a logout on the other ends it', async () => {
  const [a, b] = [await copy(one!), await copy(two!)];
  const { token } = await loginToken(a, 'teacher', DEMO_PASSWORD, 2);
  const list = (context: APIRequestContext) =>
    context.post('/api/email/getReceiveList', {
      form: { pageNum: 1, pageSize: 5 },
      headers: { authorization: `Bearer ${token}` },
    });
  expect((await list(b)).status()).toBe(200);
  await api(b, 'login/loginOut.do', {}, token);
  expect((await list(a)).status()).toBe(401);
});

test('a file uploaded through one copy downloads through the other, byte for byte', async () => {
  const [a, b] = [await copy(one!), await copy(two!)];
  const { token } = await loginToken(a, 'teacher', DEMO_PASSWORD, 2);
  const bytes = randomBytes(3 * 1024 * 1024);
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  const uploaded = await a.post('/api/resources/upload.do?sType=1', {
    multipart: { file: { name: '高三物理复习.pdf', mimeType: 'application/pdf', buffer: bytes } },
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await uploaded.json()) as { status: number; msg: string; data: { url: string } };
  expect(body.status, body.msg).toBe(0);
  const read = await b.get(body.data.url, { headers: { authorization: `Bearer ${token}` } });
  expect(read.status()).toBe(200);
  expect(Buffer.compare(await read.body(), bytes)).toBe(0);
  // Another teacher of the school knows the address but may not read it.
  const { token: other } = await loginToken(b, COLLEAGUE, DEMO_PASSWORD, 2);
  const refused = await b.get(body.data.url, { headers: { authorization: `Bearer ${other}` } });
  expect(refused.status()).toBe(403);
});

test('a mail sent through one copy raises the unread count of a browser held by the other', async ({
  browser,
}) => {
  // The colleague's browser talks to the second copy only.
  const context = await browser.newContext({ storageState: VISITOR, baseURL: two });
  const page = await context.newPage();
  await page.goto('/index');
  await page.getByRole('link', { name: '登录' }).click();
  await loginThroughModal(page, COLLEAGUE, DEMO_PASSWORD, '老师');
  await expect(page).toHaveURL(/\/teachPage$/);
  await page.goto('/writEmail?view=inbox');
  await expect(page.getByRole('table')).toBeVisible();
  // The badge loads after the page: counted once it shows what the server holds.
  const b = await copy(two!);
  const mine = await loginToken(b, COLLEAGUE, DEMO_PASSWORD, 2);
  const before = await api<number>(b, 'email/getUnreadNum', {}, mine.token);
  await expect.poll(() => unreadOf(page), { timeout: 10_000 }).toBe(before);

  const a = await copy(one!);
  const { token } = await loginToken(a, 'teacher', DEMO_PASSWORD, 2);
  const colleagueId = await api<number>(a, 'login/getStaffId', { staffCode: COLLEAGUE });
  const subject = `两台服务器之间的邮件${Date.now() % 100000}`;
  await api(
    a,
    'email/sendEmail',
    {
      idRoleReceiveArr: String(colleagueId),
      inmailTitle: subject,
      inmailContent: '这封邮件经第一台服务器发出。',
    },
    token,
  );
  // Without reloading: the second copy heard of it through PostgreSQL.
  await expect.poll(() => unreadOf(page), { timeout: 10_000 }).toBe(before + 1);
  await expect(page.getByRole('row', { name: new RegExp(subject) })).toBeVisible();
  await context.close();
});

test('reads keep working through nginx when one copy is killed mid-traffic', async () => {
  const front = await copy(nginx);
  const paths = [
    '/index',
    '/news?newsNum=2',
    '/api/health',
    '/outnetSech?newsTitle=%E6%A0%A1%E5%9B%AD',
  ];
  const statuses: number[] = [];
  let killed = false;
  const reader = async (worker: number) => {
    for (let i = 0; i < 60; i++) {
      const answer = await front.get(paths[(i + worker) % paths.length]!);
      statuses.push(answer.status());
      if (worker === 0 && i === 15) {
        process.kill(firstPid!, 'SIGKILL');
        killed = true;
      }
    }
  };
  await Promise.all([0, 1, 2, 3].map(reader));
  expect(killed).toBe(true);
  expect(statuses.length).toBe(240);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  // The copy is gone: its own port no longer answers, nginx's still does.
  await expect(http.newContext().then((c) => c.get(`${one}/api/health`))).rejects.toThrow();
});
