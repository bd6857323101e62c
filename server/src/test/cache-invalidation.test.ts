import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  DriveRow,
  NewsDetail,
  NewsHomeTab,
  NewsListItem,
  NewsSearchHit,
  Parameter,
} from '@school/common/api';
import { buildApp, createServices } from '../app.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { siteVersionOf } from '../db/site-version.js';
import { databaseMetrics } from '../observability/db-metrics.js';
import { createTestApp, type TestApp } from '../test-kit/app.js';
import { createNews, createStaff, type TestStaff } from '../test-kit/factories.js';
import { expectOk, login, postForm, type Envelope } from '../test-kit/http.js';
import { useMailWorld, type Page, type ReceiveItem } from '../test-kit/mail.js';
import type { PageContext, WebBuild } from '../web/pages.js';
import { fakeWebBuild } from '../test-kit/web-build.js';

/**
 * Every cache of the server (the page cache of anonymous portal pages, the kept answers of
 * the public news calls and their counts, the drive's kept folder pages, the mail's kept
 * inbox pages) with its invalidation, through the API as the pages call it: the first read
 * warms a cache, a second read is shown to come from it, and the next read after a change
 * shows the change. That a read came from a cache is seen through a write no cache can hear:
 * made on a script's own connection, which raises no version, it stays unseen while the
 * answer is kept, and shows with the next change that does raise one.
 */

type Fields = Record<string, string | number | undefined>;

/** What a read answered: its HTTP code, its body and, for a page, its ETag. */
interface Seen {
  status: number;
  text: string;
  etag: string | undefined;
}
type Reads = Record<string, Seen>;

/** The search word every news title of these tests holds. */
const KEYWORD = '校园';
/** The column the news of these tests are in: one of the home page's tabs. */
const COLUMN = 3;
const PAGES = ['page /index', 'page /news', 'page /newsDetail', 'page /outnetSech'];
const ANSWERS = [
  'news/getNewsHomePage',
  'news/getNewsList',
  'news/getNewsDetails',
  'news/getNewsTitleList',
];
const EVERY_READ = [...PAGES, ...ANSWERS];

type Item = Pick<NewsListItem, 'typeName' | 'newsTitle'>;
const line = (item: Item) => `<li>${item.typeName}｜${item.newsTitle}</li>`;

/**
 * The portal's pages as their loaders read them (web/app/root.tsx and routes/portal/): the
 * school's name from the system parameters on every page, then the page's own calls, through
 * the same in-process API. A page whose item cannot be read answers 404 (never kept).
 */
function portalPages() {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-invalidation-client-'));
  const counted = { renders: 0 };
  async function render(request: Request, context: PageContext): Promise<Response> {
    counted.renders++;
    const url = new URL(request.url);
    const read = async <T>(call: string, body: Fields) =>
      (await context.api(call, body)) as Envelope<T>;
    const site = await read<Parameter[]>('sysParameter/getParameterList', {
      parameteCodes: 'XXMC',
    });
    const school = site.data.find((row) => row.parameteCode === 'XXMC')?.parameteValue ?? '';
    const param = (name: string) => url.searchParams.get(name) ?? '';
    let main: string | undefined;
    if (url.pathname === '/index') {
      const tabs = await read<NewsHomeTab[]>('news/getNewsHomePage', {});
      main = tabs.data
        .map((tab) => `<h2>${tab.typeName}</h2><ul>${tab.list.map(line).join('')}</ul>`)
        .join('');
    } else if (url.pathname === '/news') {
      const list = await read<Page<NewsListItem>>('news/getNewsList', {
        typeId: param('newsNum'),
        pageSize: 20,
        enableType: 1,
      });
      main = `<ul>${list.data.list.map(line).join('')}</ul>`;
    } else if (url.pathname === '/newsDetail') {
      const detail = await read<NewsDetail>('news/getNewsDetails', { newId: param('newId') });
      if (detail.status === 0) main = `<h1>${detail.data.newsTitle}</h1>${line(detail.data)}`;
    } else if (url.pathname === '/outnetSech') {
      const hits = await read<Page<NewsSearchHit>>('news/getNewsTitleList', {
        newsTitle: param('newsTitle'),
        pageSize: 20,
      });
      main = `<ul>${hits.data.list.map(line).join('')}</ul>`;
    }
    const headers = { 'content-type': 'text/html; charset=utf-8' };
    if (main === undefined) return new Response('<p>内容不存在</p>', { status: 404, headers });
    const html =
      `<!doctype html><html><head><title>${school}</title></head>` +
      `<body><header>${school}</header><main>${main}</main></body></html>`;
    return new Response(html, { headers });
  }
  const web: WebBuild = fakeWebBuild(render, clientDir);
  return {
    web,
    counted,
    remove: () => fs.rmSync(clientDir, { recursive: true, force: true }),
  };
}

/** Another connection to `t`'s database, as another process or a script opens it. */
async function openAgain(t: TestApp, poolSize = 2): Promise<DatabaseHandle> {
  const file =
    t.dialect === 'sqlite'
      ? (
          await sql<{
            file: string;
          }>`select file from pragma_database_list where name = 'main'`.execute(t.db)
        ).rows[0]!.file
      : ':memory:';
  return openDatabase({
    url: t.config.databaseUrl,
    sqliteFile: file,
    poolSize,
    watch: databaseMetrics,
  });
}

async function page(app: FastifyInstance, url: string): Promise<Seen> {
  const response = await app.inject({ method: 'GET', url });
  const etag = response.headers.etag;
  return { status: response.statusCode, text: response.body, etag: etag && String(etag) };
}

async function answer(app: FastifyInstance, call: string, fields: Fields): Promise<Seen> {
  const response = await postForm(app, `/api/${call}`, fields);
  return { status: response.statusCode, text: response.body, etag: undefined };
}

/** What an anonymous visitor reads of the column, of item `newId` and of the search. */
async function publicReads(app: FastifyInstance, newId: number): Promise<Reads> {
  const search = encodeURIComponent(KEYWORD);
  return {
    'page /index': await page(app, '/index'),
    'page /news': await page(app, `/news?newsNum=${COLUMN}`),
    'page /newsDetail': await page(app, `/newsDetail?newId=${newId}`),
    'page /outnetSech': await page(app, `/outnetSech?newsTitle=${search}`),
    'news/getNewsHomePage': await answer(app, 'news/getNewsHomePage', {}),
    'news/getNewsList': await answer(app, 'news/getNewsList', { typeId: COLUMN, pageSize: 20 }),
    'news/getNewsDetails': await answer(app, 'news/getNewsDetails', { newId }),
    'news/getNewsTitleList': await answer(app, 'news/getNewsTitleList', {
      newsTitle: KEYWORD,
      pageSize: 20,
    }),
  };
}

/** The reads that answered and hold `text`. */
const showing = (reads: Reads, text: string) =>
  Object.keys(reads).filter(
    (name) => reads[name]!.status === 200 && reads[name]!.text.includes(text),
  );

const answered = (reads: Reads) => Object.keys(reads).filter((name) => reads[name]!.status === 200);

describe('the next read after a change shows it, with the caches on', () => {
  let t: TestApp;
  /** A script's own connection: its writes raise no version, so no cache hears them. */
  let script: DatabaseHandle;
  const portal = portalPages();
  let admin: TestStaff;
  let adminToken: string;
  /** Always on the shelf in the column: every public read names the column through it. */
  let standing = 0;
  let renames = 0;

  const cms = async <T>(call: string, fields: Fields) =>
    expectOk<T>(await postForm(t.app, `/api/${call}`, fields, { token: adminToken }));
  const reads = (newId = standing) => publicReads(t.app, newId);

  /**
   * Reads everything once the page cache knows the current version (the first read warms),
   * then renames the column on the script's connection and reads again: the second reads must
   * be the kept ones — no page rendered, the same ETags, the same bodies with the old name.
   * Answers the name the column now has in the database, which the next change must bring
   * into every read, and the kept reads.
   */
  async function expectKept(read: () => Promise<Reads>) {
    await t.app.pageCache!.version.refresh();
    const first = await read();
    const rendered = portal.counted.renders;
    const column = `栏目${++renames}`;
    await script.db
      .updateTable('newsType')
      .set({ name: column })
      .where('id', '=', COLUMN)
      .execute();
    const kept = await read();
    // Only a page that was not found is rendered again: such answers are never kept.
    const notFound = PAGES.filter((name) => first[name]!.status !== 200);
    expect(portal.counted.renders).toBe(rendered + notFound.length);
    for (const [name, seen] of Object.entries(kept)) {
      expect(seen, name).toEqual(first[name]);
    }
    expect(showing(kept, column)).toEqual([]);
    return { column, kept };
  }

  beforeAll(async () => {
    t = await createTestApp({ web: portal.web });
    script = await openAgain(t);
    admin = await createStaff(t.db, { name: '内容管理员', staffType: 5, isPower: 1 });
    adminToken = await login(t.app, admin);
    standing = await createNews(t.services, { typeId: COLUMN, title: '校园开放日' });
  });
  afterAll(async () => {
    await script?.close();
    await t?.close();
    portal.remove();
  });

  it('publish: an item put on the shelf in the CMS shows in the lists, its page and the search', async () => {
    const { newId } = await cms<{ newId: number }>('cms/news/save', {
      typeId: COLUMN,
      newsTitle: '校园运动会通知',
      newsContent: '<p>运动会</p>',
    });
    const { column, kept } = await expectKept(() => reads(newId));
    expect(showing(kept, '校园运动会通知')).toEqual([]);
    expect(kept['page /newsDetail']!.status).toBe(404);

    await cms('cms/news/shelve', { newId });
    const after = await reads(newId);
    expect(showing(after, '校园运动会通知')).toEqual(EVERY_READ);
    expect(showing(after, column)).toEqual(EVERY_READ);
  });

  it('shelve: an item taken off the shelf is gone from the lists, its page and the search', async () => {
    const newId = await createNews(t.services, { typeId: COLUMN, title: '校园书法展' });
    const { column, kept } = await expectKept(() => reads(newId));
    expect(showing(kept, '校园书法展')).toEqual(EVERY_READ);

    await cms('cms/news/unshelve', { newId });
    const after = await reads(newId);
    expect(showing(after, '校园书法展')).toEqual([]);
    expect(after['page /newsDetail']!.status).toBe(404);
    expect(after['news/getNewsDetails']!.status).toBe(404);
    expect(showing(after, column)).toEqual(answered(after));
  });

  it('edit: a new title shows in the lists, the article page and the search', async () => {
    const newId = await createNews(t.services, { typeId: COLUMN, title: '校园合唱比赛' });
    const { column, kept } = await expectKept(() => reads(newId));
    expect(showing(kept, '校园合唱比赛')).toEqual(EVERY_READ);

    await cms('cms/news/save', { newId, typeId: COLUMN, newsTitle: '校园歌咏比赛' });
    const after = await reads(newId);
    expect(showing(after, '校园歌咏比赛')).toEqual(EVERY_READ);
    expect(showing(after, '校园合唱比赛')).toEqual([]);
    expect(showing(after, column)).toEqual(EVERY_READ);
  });

  it('delete: a deleted item is gone from the lists and its page', async () => {
    const newId = await createNews(t.services, { typeId: COLUMN, title: '校园植树活动' });
    const { column, kept } = await expectKept(() => reads(newId));
    expect(showing(kept, '校园植树活动')).toEqual(EVERY_READ);

    await cms('cms/news/delete', { newId });
    const after = await reads(newId);
    expect(showing(after, '校园植树活动')).toEqual([]);
    expect(after['page /newsDetail']!.status).toBe(404);
    expect(after['news/getNewsDetails']!.status).toBe(404);
    expect(showing(after, column)).toEqual(answered(after));
  });

  it('column rename: the new name shows wherever the public pages and answers name it', async () => {
    await expectKept(() => reads());
    await cms('cms/column/save', { typeId: COLUMN, typeName: '校务公开' });
    expect(showing(await reads(), '校务公开')).toEqual(EVERY_READ);
  });

  it('site settings: a new school name shows on the next public page', async () => {
    const { column, kept } = await expectKept(() => reads());
    expect(showing(kept, '青禾第二中学')).toEqual([]);

    await cms('cms/siteSettings', { name: '青禾第二中学' });
    const after = await reads();
    expect(showing(after, '青禾第二中学')).toEqual(PAGES);
    expect(showing(after, column)).toEqual(EVERY_READ);
  });

  it('drive move: a moved file shows in both folders’ pages at once', async () => {
    const driveAdmin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    const uploader = await createStaff(t.db, { name: '林老师' });
    const reader = await createStaff(t.db, { name: '王老师' });
    const adminDrive = await login(t.app, driveAdmin);
    const uploaderDrive = await login(t.app, uploader);
    const readerDrive = await login(t.app, reader);
    const drive = async <T>(call: string, fields: Fields, token: string) =>
      expectOk<T>(await postForm(t.app, `/api/resources/${call}`, fields, { token }));
    const folder = async (fName: string, fSuperId: number | '' = '') =>
      (await drive<{ fid: number }>('addFolder', { fName, fSuperId, sType: 0 }, adminDrive)).fid;
    const upload = async (name: string, fId: number) => {
      const file = await t.services.files.save(
        { fileName: name, mimeType: 'text/plain; charset=utf-8', createdBy: uploader.id },
        Buffer.from(name, 'utf8'),
      );
      const path = `/api/files/${file.id}`;
      return (
        await drive<{ resourcesId: number }>(
          'addResource',
          { fId, resourcesType: '1', resourcesPath: path },
          uploaderDrive,
        )
      ).resourcesId;
    };
    const subject = await folder('物理');
    const from = await folder('高一', subject);
    const to = await folder('高二', subject);
    const moved = await upload('力学复习.txt', from);
    await upload('电学复习.txt', to);

    const rows = async (fId: number) =>
      (await drive<Page<DriveRow>>('getFolderFiles', { fId, pageSize: 20 }, readerDrive)).list.map(
        (row) => `${row.resourcesName}｜${row.userName ?? row.fnum}`,
      );
    const pages = async () => ({
      from: await rows(from),
      to: await rows(to),
      up: await rows(subject),
    });
    const first = await pages();
    expect(first).toEqual({
      from: ['力学复习.txt｜林老师'],
      to: ['电学复习.txt｜林老师'],
      up: ['高一｜1', '高二｜1'],
    });
    // The uploader renamed where no version moves: both folder pages are the kept ones.
    await script.db
      .updateTable('staff')
      .set({ name: '林老师（新）' })
      .where('id', '=', uploader.id)
      .execute();
    expect(await pages()).toEqual(first);

    await drive(
      'moveResource',
      { resourcesId: moved, moveType: 0, fIdOld: from, fIdNew: to, sType: 0 },
      adminDrive,
    );
    expect(await pages()).toEqual({
      from: [],
      to: expect.arrayContaining(['力学复习.txt｜林老师（新）', '电学复习.txt｜林老师（新）']),
      up: ['高一｜0', '高二｜2'],
    });
    expect((await rows(to)).length).toBe(2);
  });
});

describe('mail: opening a mail lowers the unread count at once', () => {
  const { w, ok, send, inbox, unread } = useMailWorld();
  let script: DatabaseHandle;

  beforeAll(async () => {
    script = await openAgain(w.t);
  });
  afterAll(() => script?.close());

  it('opens a mail as the mail page does: the count, the unread list and the inbox follow', async () => {
    const { inmailId: opened } = await send({ inmailTitle: '期中考试安排' });
    const { inmailId: other } = await send({ inmailTitle: '教研活动通知' });
    const reader = w.token.alice;
    const seen = (page: Page<ReceiveItem>) =>
      page.list
        .filter((item) => item.inmailId === opened || item.inmailId === other)
        .map((item) => `${item.inmailTitle}｜${item.sendName}｜${item.inmainState}`);
    const boxes = async () => ({
      unread: await unread(reader),
      unreadList: seen(await inbox(reader, { inmainState: 1 })),
      all: seen(await inbox(reader)),
    });
    const first = await boxes();
    expect(first).toEqual({
      unread: 2,
      unreadList: ['教研活动通知｜发件老师｜1', '期中考试安排｜发件老师｜1'],
      all: ['教研活动通知｜发件老师｜1', '期中考试安排｜发件老师｜1'],
    });
    // The sender renamed where no version moves: the inbox pages are the kept ones.
    await script.db
      .updateTable('staff')
      .set({ name: '教务处' })
      .where('id', '=', w.sender.id)
      .execute();
    expect(await boxes()).toEqual(first);

    const entry = (await inbox(reader)).list.find((item) => item.inmailId === opened)!;
    await ok('getEmailDetail', { inmailId: opened, receiveId: entry.receiveId }, reader);
    expect(await ok<number>('updateRead', { receiveId: entry.receiveId }, reader)).toBe(1);
    expect(await boxes()).toEqual({
      unread: 1,
      unreadList: ['教研活动通知｜教务处｜1'],
      all: ['教研活动通知｜教务处｜1', '期中考试安排｜教务处｜2'],
    });
  });
});

describe('two copies of the site on one database', () => {
  /** Copy A: the test app. */
  let a: TestApp;
  const portalA = portalPages();
  /** Copy B: its own connection, services, content version and caches over the same database. */
  let b: FastifyInstance;
  let bDatabase: DatabaseHandle;
  /** A script's own connection: its writes raise no version, so no cache hears them. */
  let script: DatabaseHandle;
  const portalB = portalPages();
  let adminToken: string;

  beforeAll(async () => {
    a = await createTestApp({ web: portalA.web });
    bDatabase = await openAgain(a, 4);
    script = await openAgain(a);
    const deps = {
      config: a.config,
      db: bDatabase.db,
      dialect: bDatabase.dialect,
      clock: a.clock.now,
    };
    b = await buildApp({
      ...deps,
      services: createServices(deps),
      logger: false,
      web: portalB.web,
    });
    // As a server starts: ready, then its content version is polled (db/site-version.ts).
    await Promise.all([a.app.ready(), b.ready()]);
    adminToken = await login(a.app, await createStaff(a.db, { staffType: 5, isPower: 1 }));
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await script?.close();
    await a?.close();
    portalA.remove();
    portalB.remove();
  });

  it('shows on B within a second an edit made through A, though B kept the old answers', async () => {
    const newId = await createNews(a.services, { typeId: COLUMN, title: '校园科技节' });
    const bVersion = siteVersionOf(bDatabase.db)!;
    expect(bVersion.live).toBe(true);
    await bVersion.refresh();
    const first = await publicReads(b, newId);
    expect(showing(first, '校园科技节')).toEqual(EVERY_READ);
    // Kept by B: no page rendered again, and a column name changed where no version moves unseen.
    const rendered = portalB.counted.renders;
    await script.db
      .updateTable('newsType')
      .set({ name: '科创' })
      .where('id', '=', COLUMN)
      .execute();
    expect(await publicReads(b, newId)).toEqual(first);
    expect(portalB.counted.renders).toBe(rendered);

    // The copies share no bus here (outside a cluster the process bus is silent, and no
    // PostgreSQL channel is attached): B hears A's commit only by polling the version row, the
    // backstop every deployment has. The worst moment for B: the edit lands just after B's
    // poll read the row. The promise is one second, on the real clock, from A's answer.
    const poll = vi.spyOn(bVersion, 'refresh');
    await vi.waitFor(() => expect(poll).toHaveBeenCalled(), { timeout: 5000, interval: 5 });
    await poll.mock.results[0]!.value;
    poll.mockRestore();
    expectOk(
      await postForm(
        a.app,
        '/api/cms/news/save',
        { newId, typeId: COLUMN, newsTitle: '校园科技节（改期）' },
        { token: adminToken },
      ),
    );
    const changed = performance.now();

    let reads = await publicReads(b, newId);
    while (showing(reads, '校园科技节（改期）').length < EVERY_READ.length) {
      expect(performance.now() - changed, 'B still shows the old title').toBeLessThanOrEqual(1000);
      await new Promise((resolve) => setTimeout(resolve, 10));
      reads = await publicReads(b, newId);
    }
    expect(performance.now() - changed).toBeLessThanOrEqual(1000);
    expect(showing(reads, '科创')).toEqual(EVERY_READ);
    expect(showing(await publicReads(a.app, newId), '校园科技节（改期）')).toEqual(EVERY_READ);
  });
});
