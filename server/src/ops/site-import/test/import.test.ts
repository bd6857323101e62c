import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { prepareDatabase } from '../../../seed/index.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createNews, createStaff } from '../../../test-kit/factories.js';
import { expectOk, postForm } from '../../../test-kit/http.js';
import type { Progress } from '../report.js';
import { runImport, type ImportResult } from '../run.js';

const DEMO_PASSWORD = 'Import#Demo2026';
const BODY_TITLE = '导入测试：正文里的图片、下载与链接';

/** The test's clock brought up to the real time: the demo dates its items by it. */
const toNow = (t: TestApp) =>
  t.clock.advanceMinutes(Math.max(0, Math.ceil((Date.now() - t.clock.now().getTime()) / 60_000)));

interface Row {
  newId: number;
  typeId: number;
  newsTitle: string;
  shelvesDate: string;
  releaseUser: string | null;
  source: string | null;
  viewCount: number;
  flowerCount: number;
}

/** Every public item of a column, as the public list answers it. */
async function columnRows(t: TestApp, typeId: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = expectOk<{ total: number; list: Row[] }>(
      await postForm(t.app, '/api/news/getNewsList', { typeId, pageNum, pageSize: 50 }),
    );
    rows.push(...page.list.filter((row) => row.typeId === typeId));
    if (page.list.length < 50) return rows;
  }
}

const facts = (row: Row) =>
  [
    row.newsTitle,
    row.shelvesDate,
    row.releaseUser,
    row.source,
    row.viewCount,
    row.flowerCount,
  ].join('|');

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A demo site (the source, listening on a random port) imported into an empty installation
 * through the old site's API. One demo seed for the whole file: it takes a minute or more.
 */
describe('npm run import from a demo site', () => {
  let source: TestApp;
  let origin: string;
  let target: TestApp;
  let columns: number[];
  let first: ImportResult;
  let interrupted: unknown;
  let linked: number;

  beforeAll(async () => {
    source = await createTestApp({ seedBase: false, env: { API_RATE_LIMIT: '1000000' } });
    const config = loadConfig({ DEMO_PASSWORD, DATA_DIR: source.config.dataDir });
    await prepareDatabase(source.db, config, source.services);
    toNow(source);
    await source.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(source.app.server.address() as AddressInfo).port}`;
    const types = expectOk<Array<{ typeId: number }>>(
      await postForm(source.app, '/api/news/getNewsTypeList', {}),
    );
    columns = types.map((type) => type.typeId);
    // A body with a picture, a download and a link to another item of the old site.
    const photo = await source.db
      .selectFrom('newsFile')
      .select('fileId')
      .where('role', '=', 'image')
      .executeTakeFirstOrThrow();
    linked = (await columnRows(source, 2))[0]!.newId;
    // The QR picture as an administrator uploads it (the demo's is a page asset, not a file).
    await source.db
      .updateTable('sysParameter')
      .set({ pic: `/api/files/${photo.fileId}` })
      .where('code', '=', 'EWM')
      .execute();
    await createNews(source.services, {
      typeId: 3,
      title: BODY_TITLE,
      content:
        `<p><img src="/api/files/${photo.fileId}" alt="照片"></p>` +
        `<p><a href="${origin}/newsDetail?newId=${linked}&amp;newsNum=2">相关新闻</a> ` +
        `<a href="${origin}/api/news/uploadnewfile.do?FILE_ID=${photo.fileId}">下载</a></p>`,
      shelvesDate: new Date(source.clock.now().getTime() - 3_600_000),
    });

    target = await createTestApp();
    toNow(target);
    // The setup's administrator: 站点设置 are saved as them.
    const admin = await createStaff(target.db, { staffType: 5 });
    await target.db.updateTable('staff').set({ isPower: 1 }).where('id', '=', admin.id).execute();
    // Stopped after 40 items, then run again: the second run goes on where the first stopped.
    const abort = new AbortController();
    let items = 0;
    const stopper: Progress = {
      start() {},
      stop() {},
      tick: () => {
        if (++items === 40) abort.abort();
      },
    };
    interrupted = await runImport({
      from: origin,
      db: target.db,
      services: target.services,
      progress: stopper,
      signal: abort.signal,
    }).catch((err: unknown) => err);
    const started = Date.now();
    first = await runImport({ from: origin, db: target.db, services: target.services });
    const totals = Object.values(first.data.areas).reduce(
      (sum, c) => sum + c.new + c.updated + c.unchanged,
      0,
    );
    console.log(
      `demo import (resumed after 40 items): ${totals} items, ${first.data.failures.length} failures, ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s\n${first.report.text(false)}`,
    );
  }, 900_000);

  afterAll(async () => {
    await target?.close();
    await source?.close();
  });

  it('stops when aborted mid-run and the next run resumes it without duplicates', async () => {
    expect((interrupted as Error).name).toBe('AbortError');
    const runs = await target.db.selectFrom('siteImportRun').selectAll().execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]!.finishedAt).not.toBeNull();
    // Every item made here has its map row, once: none was added twice.
    for (const [table, kind] of [
      ['news', 'news'],
      ['subjectNews', 'subject'],
      ['magazine', 'magazine'],
      ['video', 'video'],
    ] as const) {
      const rows = await target.db.selectFrom(table).select('id').execute();
      const mapped = await target.db
        .selectFrom('siteImportMap')
        .select('newId')
        .where('kind', '=', kind)
        .execute();
      expect(mapped.map((m) => m.newId).sort(), table).toEqual(rows.map((r) => r.id).sort());
    }
  });

  it('brings every public item of every column with its title, date, publisher, source and counts', async () => {
    let compared = 0;
    for (const typeId of columns) {
      const before = (await columnRows(source, typeId)).map(facts).sort();
      const after = (await columnRows(target, typeId)).map(facts).sort();
      expect(after, `column ${typeId}`).toEqual(before);
      compared += before.length;
    }
    expect(compared).toBeGreaterThan(200);
    expect(first.data.failures).toEqual([]);
  });

  it('brings the special topics with their sub-news, the videos, magazines and banners', async () => {
    const count = async (t: TestApp, table: 'subjectNews' | 'video' | 'magazine' | 'banner') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const areas = first.data.areas;
    const imported = (area: string) =>
      areas[area]!.new + areas[area]!.updated + areas[area]!.unchanged;
    expect(await count(target, 'subjectNews')).toBe(imported('专题子新闻'));
    expect(imported('专题子新闻')).toBeGreaterThan(40);
    expect(await count(target, 'video')).toBe(imported('视频中心'));
    expect(imported('视频中心')).toBeGreaterThan(10);
    expect(await count(target, 'magazine')).toBe(imported('校刊'));
    expect(imported('校刊')).toBeGreaterThan(10);
    expect(await count(target, 'banner')).toBe(imported('轮播与封面图'));
    const home = (t: TestApp) => postForm(t.app, '/api/moveImg/getMoveImg', {});
    const titles = (res: Awaited<ReturnType<typeof home>>) =>
      expectOk<Array<{ coverTitle: string }>>(res).map((b) => b.coverTitle);
    expect(titles(await home(target))).toEqual(titles(await home(source)));
  });

  it('brings the introduction pages (fixed ids kept), the people and the societies as the portal shows them', async () => {
    const pages = async (t: TestApp, wwfzType: number) =>
      expectOk<{ list: Array<Record<string, unknown>> }>(
        await postForm(t.app, '/api/wwfz/getWwfzDetails', { wwfzType, pageNum: 1, pageSize: 50 }),
      ).list.map((p) => [p.wwfzId, p.wwfzTitle, p.wwfzDesc, p.createDate, Boolean(p.wwfzPic)]);
    let seen = 0;
    for (const wwfzType of [1, 2, 3, 5, 6, 7, 8, 9, 10, 11]) {
      const there = await pages(source, wwfzType);
      const here = await pages(target, wwfzType);
      // Titles, summaries, dates and pictures agree; the ids the pages open by hand stay.
      expect(
        here.map((p) => p.slice(1)),
        `wwfzType ${wwfzType}`,
      ).toEqual(there.map((p) => p.slice(1)));
      for (const [i, p] of there.entries()) {
        if ([2, 3, 44, 8, 9].includes(p[0] as number)) expect(here[i]![0]).toBe(p[0]);
      }
      seen += there.length;
    }
    expect(seen).toBeGreaterThan(10);
    const people = async (t: TestApp, fmsmType: number) =>
      expectOk<{ list: Array<Record<string, unknown>> }>(
        await postForm(t.app, '/api/fmsm/getFmsmDetails', { fmsmType, pageNum: 1, pageSize: 50 }),
      ).list.map((p) => [p.fmsmTitle, p.fmsmDesc, p.post, p.plateType, p.brith]);
    for (const fmsmType of [1, 3, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16]) {
      expect(await people(target, fmsmType), `fmsmType ${fmsmType}`).toEqual(
        await people(source, fmsmType),
      );
    }
    expect((await people(target, 1)).length).toBeGreaterThan(3);
    const societies = async (t: TestApp) =>
      expectOk<Array<Record<string, unknown>>>(
        await postForm(t.app, '/api/news/getSocietyList', {}),
      ).map((s) => [s.associationName, s.associationType]);
    expect(await societies(target)).toEqual(await societies(source));
    expect((await societies(target)).length).toBeGreaterThan(3);
    // Saved as the platform saves them: a version each, as the setup's administrator.
    const versions = await target.db
      .selectFrom('contentRevision')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('infoTable', 'in', ['T_WWFZ', 'T_FMSM'])
      .executeTakeFirstOrThrow();
    expect(Number(versions.n)).toBeGreaterThanOrEqual(seen);
  });

  it("brings the school's name, footer and QR picture into 站点设置", async () => {
    const settings = (t: TestApp) => t.services.siteSettings.identity();
    expect((await settings(target)).name).toBe((await settings(source)).name);
    const rows = (t: TestApp, code: string) =>
      t.db
        .selectFrom('sysParameter')
        .select(['name', 'value'])
        .where('code', '=', code)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    const values = async (t: TestApp, code: string) => (await rows(t, code)).map((r) => r.value);
    for (const code of ['XXDZ', 'YZBM', 'ICP', 'GABA']) {
      expect(await values(target, code), code).toEqual(await values(source, code));
    }
    for (const code of ['LXDH', 'XXYX', 'YQLJ']) {
      expect(await rows(target, code), code).toEqual(await rows(source, code));
    }
    const qr = await target.db
      .selectFrom('sysParameter')
      .select('pic')
      .where('code', '=', 'EWM')
      .executeTakeFirstOrThrow();
    expect(qr.pic).toMatch(/^\/api\/files\/\d+$/);
  });

  it('rewrites bodies: no address of the old site is left, and every picture resolves here', async () => {
    const rows = await target.db.selectFrom('news').select(['id', 'content']).execute();
    for (const row of rows) expect(row.content).not.toContain(origin);
    const item = await target.db
      .selectFrom('news')
      .select('content')
      .where('title', '=', BODY_TITLE)
      .executeTakeFirstOrThrow();
    const news = await target.db
      .selectFrom('siteImportMap')
      .select('newId')
      .where('kind', '=', 'news')
      .where('oldKey', '=', String(linked))
      .executeTakeFirstOrThrow();
    expect(item.content).toContain(`href="/newsDetail?newId=${news.newId}&amp;newsNum=2"`);
    const ids = [...item.content.matchAll(/\/api\/files\/(\d+)/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      const res = await target.app.inject({ method: 'GET', url: `/api/files/${id}` });
      expect(res.statusCode, `file ${id}`).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\//);
    }
  });

  it('stores every file with the same bytes as the old site', async () => {
    const files = await target.db
      .selectFrom('siteImportMap')
      .select(['oldKey', 'newId'])
      .where('kind', '=', 'file')
      .execute();
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const old = await source.app.inject({ method: 'GET', url: file.oldKey });
      const stored = await target.app.inject({ method: 'GET', url: `/api/files/${file.newId}` });
      expect(stored.statusCode, file.oldKey).toBe(200);
      expect(sha(stored.rawPayload), file.oldKey).toBe(sha(old.rawPayload));
    }
  });

  it('adds nothing on a second run: every item unchanged, the map as it was', async () => {
    const mapBefore = await target.db
      .selectFrom('siteImportMap')
      .selectAll()
      .orderBy('kind')
      .orderBy('oldKey')
      .execute();
    const again = await runImport({ from: origin, db: target.db, services: target.services });
    for (const [area, counts] of Object.entries(again.data.areas)) {
      expect({ area, new: counts.new, updated: counts.updated }).toEqual({
        area,
        new: 0,
        updated: 0,
      });
    }
    const mapAfter = await target.db
      .selectFrom('siteImportMap')
      .selectAll()
      .orderBy('kind')
      .orderBy('oldKey')
      .execute();
    expect(mapAfter.map((r) => [r.kind, r.oldKey, r.newId])).toEqual(
      mapBefore.map((r) => [r.kind, r.oldKey, r.newId]),
    );
  });

  it('updates an item changed on the old site on the next run', async () => {
    const [row] = await columnRows(source, 2);
    await source.db
      .updateTable('news')
      .set({ title: `${row!.newsTitle}（更新）` })
      .where('id', '=', row!.newId)
      .execute();
    const again = await runImport({ from: origin, db: target.db, services: target.services });
    const types = expectOk<Array<{ typeId: number; typeName: string }>>(
      await postForm(source.app, '/api/news/getNewsTypeList', {}),
    );
    const area = `栏目·${types.find((type) => type.typeId === 2)!.typeName}`;
    expect(again.data.areas[area]).toMatchObject({ new: 0, updated: 1 });
    const titles = (await columnRows(target, 2)).map((r) => r.newsTitle);
    expect(titles).toContain(`${row!.newsTitle}（更新）`);
    expect(titles).not.toContain(row!.newsTitle);
  });

  it('writes nothing in a dry run, and reports what it would bring (with a staff login, the staff-only items too)', async () => {
    const empty = await createTestApp();
    try {
      const dry = await runImport({
        from: origin,
        db: empty.db,
        services: empty.services,
        dryRun: true,
        staffCode: 'admin',
        staffPass: DEMO_PASSWORD,
      });
      const total = (data: ImportResult['data']) =>
        Object.values(data.areas).reduce((sum, c) => sum + c.new + c.updated + c.unchanged, 0);
      expect(
        Object.values(dry.data.areas).reduce((sum, c) => sum + c.updated + c.unchanged, 0),
      ).toBe(0);
      // The public items, and the staff-only ones (the intranet columns' half and more).
      expect(total(dry.data)).toBeGreaterThan(total(first.data) + 40);
      for (const table of [
        'news',
        'subjectNews',
        'video',
        'magazine',
        'banner',
        'storedFile',
        'siteImportMap',
        'siteImportRun',
      ] as const) {
        const { n } = await empty.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(n), table).toBe(0);
      }
    } finally {
      await empty.close();
    }
  }, 300_000);
});
