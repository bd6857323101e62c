import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { seedMagazineSeries } from '../../magazine/service.js';
import { DEMO_THEME_COLOR, seedDemoSite } from '../../../seed/demo-site.js';

const DEMO_WORDS = /青禾|qinghe/i;

describe('a new site without the demo is neutral', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedMagazineSeries(t.db);
  });
  afterAll(() => t?.close());

  it('holds no demo school in any system parameter or magazine series', async () => {
    const rows = await t.db.selectFrom('sysParameter').selectAll().execute();
    expect(rows.length).toBeGreaterThan(10);
    const named = rows.filter((row) =>
      [row.code, row.name, row.value, row.pic ?? ''].some((text) => DEMO_WORDS.test(text)),
    );
    expect(named).toEqual([]);
    expect(rows.find((row) => row.code === 'XXMC')?.value).toBe('');
    expect(rows.filter((row) => row.code === 'XNZD')).toEqual([]);
    expect(rows.find((row) => row.code === 'EWM')?.pic).toBeNull();
    const series = await t.db.selectFrom('magazineSeries').select('name').orderBy('id').execute();
    expect(series.map((s) => s.name)).toEqual(['校刊', '学生文集', '教师文集']);
  });

  it('draws a plain emblem while the school has no name', async () => {
    const logo = await t.app.inject({ method: 'GET', url: '/api/site/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.body).toContain('<title>学校</title>');
    expect(logo.body).toContain('#1f5fa8');
  });
});

describe('the demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedMagazineSeries(t.db);
    await seedDemoSite(t.db);
  });
  afterAll(() => t?.close());

  it('gives the demo school its name, short name, colour and titles, once per code', async () => {
    const rows = await t.db.selectFrom('sysParameter').selectAll().execute();
    const values = (code: string) => rows.filter((r) => r.code === code).map((r) => r.value);
    expect(values('XXMC')).toEqual(['青禾实验中学']);
    expect(values('XXJC')).toEqual(['青禾']);
    expect(values('ZTYS')).toEqual([DEMO_THEME_COLOR]);
    expect(values('XNZD')).toHaveLength(6);
    const series = await t.db.selectFrom('magazineSeries').select('name').orderBy('id').execute();
    expect(series[0]!.name).toBe('《青禾》校刊');
    const logo = await t.app.inject({ method: 'GET', url: '/api/site/logo.svg' });
    expect(logo.body).toContain('>青禾</text>');
    expect(logo.body).toContain(DEMO_THEME_COLOR);
  });
});

/**
 * The school's name lives in data, never in code: pages, server and contract outside the demo
 * seed and the tests name no demo school.
 */
describe('no demo school in the code', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
  const skipped = (relative: string) =>
    relative.startsWith('server/src/seed/') ||
    /(^|\/)(test|tests|e2e|__tests__)\//.test(relative) ||
    /\.test\.[cm]?[jt]sx?$/.test(relative);

  function filesUnder(folder: string): string[] {
    const found: string[] = [];
    for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !skipped(`${relative}/`))
          found.push(...filesUnder(relative));
      } else if (/\.(ts|tsx|js|mjs|css|json|html|svg)$/.test(entry.name) && !skipped(relative)) {
        found.push(relative);
      }
    }
    return found;
  }

  it('finds 青禾 / Qinghe nowhere in web/app, server/src and common/src', () => {
    const hits = ['web/app', 'server/src', 'common/src'].flatMap(filesUnder).flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (DEMO_WORDS.test(line) ? [`${file}:${index + 1}`] : [])),
    );
    expect(hits).toEqual([]);
  });
});
