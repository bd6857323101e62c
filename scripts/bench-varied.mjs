// The varied phase of `npm run bench`: traffic as visitors and staff send it, each request drawn
// at random from the seeded data (words taken from titles, published article ids, list pages,
// staff accounts), with a fixed seed so that two runs send the same traffic. Each case runs on a
// server with its caches (as installed) and on one with every cache off, side by side, at 32
// connections and for one visitor at a time, with each cache's hit rate during the case. The
// public pages are served by nginx too, the same bytes for the same draw, in the same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { startNginx } from './bench-nginx.mjs';
import { get, load, post } from './bench-load.mjs';
import { callApi, ms, request, row, seededRandom } from './bench-util.mjs';
import { log } from './lib.mjs';

/** The draw's seed: the same words, ids, pages and accounts in every run. */
export const SEED = 20261129;

/** The settings of the server without caches: no page cache, no kept answers. */
export const UNCACHED = { PAGE_CACHE_MB: '0', CACHE_MB: '0' };

/** How much of each kind is drawn. */
const WORDS = 1500;
const ARTICLES = 5000;
const LIST_PAGES = 2000;
const ACCOUNTS = 60;

/** The public news categories of the portal's list page (news?newsNum=). */
const CATEGORIES = [2, 3, 4];

const pick = (next, list) => list[Math.floor(next() * list.length)];

/**
 * What the varied traffic is drawn from, read from the SQLite file the bench seeded: words of 2
 * to 4 Chinese characters cut from published titles, published public article ids, pages of each
 * category's list, and staff accounts that can log in.
 */
export function drawTraffic(dataDir, now = new Date().toISOString()) {
  const next = seededRandom(SEED);
  const db = new Database(path.join(dataDir, 'portal.sqlite'), { readonly: true });
  try {
    const published = db
      .prepare(
        `select id, title, type_id as typeId from news
         where deleted = 0 and if_shelves = 1 and check_status = 1 and enable_type = 1
           and shelves_date <= ? order by id`,
      )
      .all(now);
    if (!published.length) throw new Error('the bench database has no published news');
    const words = new Set();
    for (let tries = 0; words.size < WORDS && tries < WORDS * 50; tries++) {
      const runs = pick(next, published).title.match(/[\u4e00-\u9fff]{2,}/g) ?? [];
      if (!runs.length) continue;
      const run = pick(next, runs);
      const length = Math.min(run.length, 2 + Math.floor(next() * 3));
      const start = Math.floor(next() * (run.length - length + 1));
      words.add(run.slice(start, start + length));
    }
    const articles = Array.from({ length: ARTICLES }, () => pick(next, published).id);
    const perCategory = new Map(CATEGORIES.map((c) => [c, 0]));
    for (const item of published)
      if (perCategory.has(item.typeId))
        perCategory.set(item.typeId, perCategory.get(item.typeId) + 1);
    const listPages = Array.from({ length: LIST_PAGES }, () => {
      const category = pick(next, CATEGORIES);
      // Most visitors read the first pages; some go deep (the pages are of 10).
      const pages = Math.max(1, Math.ceil(perCategory.get(category) / 10));
      const page =
        next() < 0.7 ? 1 + Math.floor(next() * Math.min(5, pages)) : 1 + Math.floor(next() * pages);
      return { category, page };
    });
    const staff = db
      .prepare(
        `select code, staff_type as type from staff where status = 1 and must_change_password = 0 order by id`,
      )
      .all();
    const accounts = [];
    const pool = [...staff];
    while (accounts.length < ACCOUNTS && pool.length)
      accounts.push(pool.splice(Math.floor(next() * pool.length), 1)[0]);
    return {
      words: [...words],
      contentWords: contentWords(db, next),
      articles,
      listPages,
      accounts,
    };
  } finally {
    db.close();
  }
}

/**
 * Words of 2 to 4 Chinese characters cut from the drive's document texts (search inside
 * documents), a few from each of many files; none when the database has no texts.
 */
function contentWords(db, next) {
  const hasTexts = db
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'file_text'")
    .get();
  if (!hasTexts) return [];
  const texts = db
    .prepare(
      "select text from file_text where state = 'done' and chars > 0 order by file_id limit 3000",
    )
    .all();
  const words = new Set();
  for (let tries = 0; texts.length && words.size < WORDS && tries < WORDS * 50; tries++) {
    const runs =
      pick(next, texts)
        .text.slice(0, 4000)
        .match(/[\u4e00-\u9fff]{2,}/g) ?? [];
    if (!runs.length) continue;
    const run = pick(next, runs);
    const length = Math.min(run.length, 2 + Math.floor(next() * 3));
    const start = Math.floor(next() * (run.length - length + 1));
    words.add(run.slice(start, start + length));
  }
  return [...words];
}

/** Logs in each account (the demo password): answers its headers as a browser sends them, for the API and for pages. */
export async function logIn(base, accounts) {
  const sessions = [];
  for (const { code, type } of accounts) {
    const data = await callApi(base, 'login/login', {
      staffCode: code,
      staffPass: process.env.DEMO_PASSWORD ?? 'School@2026',
      staffType: String(type),
    }).catch(() => undefined);
    if (!data) continue;
    const staffId = data.staffId ?? data.userId;
    sessions.push({
      staffId,
      // The API calls carry the stored token; a page's address is asked for with the cookies
      // only (the login mark lib/session.ts sets and the file session), as a browser does.
      headers: {
        authorization: `Bearer ${data.token}`,
        cookie: `User=${staffId}; school_file_session=${data.token}`,
      },
      pageHeaders: { cookie: `User=${staffId}; school_file_session=${data.token}` },
    });
  }
  return sessions;
}

const enc = encodeURIComponent;

/**
 * The varied cases: [title, requests]. A staff page is the requests a browser makes to show it
 * (its HTML, the chrome's calls and the page's own), for each of the accounts in turn.
 */
function cases(base, traffic, sessions) {
  const api = (name, body, headers) => post(`${base}/api/${name}`, body, headers);
  const page = (address, headers) =>
    get(`${base}${address}`, { 'accept-encoding': 'gzip', ...headers });
  const chrome = (h) => [
    api('sysParameter/getParameterList', 'parameteCodes=XNZD%2CBK%2CFYZR%2CGLPTBJ', h),
    api('rollingNews/getRollingNews', '', h),
    api('email/getUnreadNum', '', h),
  ];
  const homeSlots = [
    [17, 17],
    [2, 5],
    [16, 5],
    [19, 6],
    [20, 6],
    [22, 4],
  ]
    .map(
      ([typeId, size], i) => `typeId${i + 1}=${typeId}&pageNum${i + 1}=1&pageSize${i + 1}=${size}`,
    )
    .join('&');
  const staffPage = (address, calls) =>
    sessions.flatMap(({ staffId, headers, pageHeaders }) => [
      page(address, pageHeaders),
      ...chrome(headers),
      ...calls(headers, staffId),
    ]);
  // A public page's case is also loaded on nginx serving the same bytes (a third column).
  const PAGE = { nginx: true };
  // A database seeded before search inside documents has no texts: that case has no requests.
  const drawn = [
    [
      'search API getNewsTitleList, varied words',
      traffic.words.map((w) =>
        api('news/getNewsTitleList', `newsTitle=${enc(w)}&pageNum=1&pageSize=10`),
      ),
    ],
    [
      'search page /outnetSech, varied words',
      traffic.words.map((w) => page(`/outnetSech?newsTitle=${enc(w)}`)),
      PAGE,
    ],
    [
      'article page /newsDetail, varied ids',
      traffic.articles.map((id) => page(`/newsDetail?newId=${id}`)),
      PAGE,
    ],
    [
      'article API getNewsDetails, varied ids',
      traffic.articles.map((id) => api('news/getNewsDetails', `newId=${id}`)),
    ],
    [
      'list page /news, varied columns and pages',
      traffic.listPages.map(({ category, page: n }) =>
        page(`/news?newsNum=${category}&pageNum=${n}`),
      ),
      PAGE,
    ],
    [
      'drive search inside documents, varied words and accounts',
      traffic.contentWords.map((w, i) =>
        api(
          'resources/searchResources',
          `zylxType=0&KeywordName=${enc(w)}&pageNum=1&pageSize=10`,
          sessions[i % sessions.length].headers,
        ),
      ),
    ],
    [
      'staff home /teachPage, varied accounts',
      staffPage('/teachPage', (h, userId) => [
        api('dept/getDeptList', `userId=${userId}`, h),
        api('workbench/getWorkbenchList', `userId=${userId}&menuType=1`, h),
        api('workbench/getWorkbenchList', `userId=${userId}&menuType=2`, h),
        api('news/getTeachHomeNews', `${homeSlots}&enableType=2`, h),
        api('todo/getTodoNum', `userId=${userId}`, h),
      ]),
    ],
    [
      'staff mail inbox /writEmail, varied accounts',
      staffPage('/writEmail', (h) => [api('email/getReceiveList', 'pageNum=1&pageSize=10', h)]),
    ],
    [
      'staff 我的网盘 /mineWp, varied accounts',
      staffPage('/mineWp', (h) => [
        api('resources/getFolderFiles', 'fId=0&sType=1&pageNum=1&pageSize=10', h),
        api('resources/getMyQuota', '', h),
        api('dictionary/list', 'dicCode=RESOURCES_TYPE', h),
        api('dictionary/list', 'dicCode=RESOURCES_FILE_TYPE', h),
      ]),
    ],
    [
      'staff drive home /education, varied accounts',
      staffPage('/education', (h) => [
        api('resources/getResourcesNum', '', h),
        api('dictionary/list', 'dicCode=RESOURCES_TYPE', h),
        api('resources/getFolderList', 'layer=0', h),
        api('resources/getNewUpload', 'pageNum=1&pageSize=6', h),
        api('resources/getHotShare', 'pageNum=1&pageSize=6', h),
        api('resources/getHotDown', 'pageNum=1&pageSize=6', h),
      ]),
    ],
  ];
  return drawn.filter(([, requests]) => requests.length > 0);
}

/**
 * Saves the page each distinct request of `requests` gets from `base` (gzip, as the load asks)
 * into `dir`, one file per address (`p<n>`, `p<n>.gz`), and answers the same draw as requests
 * to nginx at `nginxBase`: the same bytes, in the same order.
 */
async function mirrorPages(requests, dir, nginxBase, next) {
  const names = new Map();
  const distinct = [...new Set(requests.map((r) => r.url))];
  const queue = [...distinct];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        const answer = await request(url, { headers: { 'accept-encoding': 'gzip' } });
        const name = `p${next.value++}`;
        const gzipped = answer.headers['content-encoding'] === 'gzip';
        const html = gzipped ? zlib.gunzipSync(answer.bytes) : answer.bytes;
        fs.writeFileSync(path.join(dir, name), html);
        if (gzipped) fs.writeFileSync(path.join(dir, `${name}.gz`), answer.bytes);
        names.set(url, name);
      }
    }),
  );
  return requests.map((r) => get(`${nginxBase}/${names.get(r.url)}`, r.headers));
}

/** Each cache's lookups so far, from the server's Prometheus metrics: name → {hit, miss}. */
async function cacheLookups(metricsBase) {
  if (!metricsBase) return new Map();
  const text = (await request(`${metricsBase}/metrics`)).text;
  const counts = new Map();
  const add = (cache, result, value) => {
    const entry = counts.get(cache) ?? { hit: 0, miss: 0 };
    entry[result] += value;
    counts.set(cache, entry);
  };
  for (const line of text.split('\n')) {
    let m = /^page_cache_requests_total\{result="(hit|miss)"\} (\S+)/.exec(line);
    if (m) add('page', m[1], Number(m[2]));
    m = /^cache_requests_total\{(?=.*cache="([^"]+)")(?=.*result="(hit|miss)").*\} (\S+)/.exec(
      line,
    );
    if (m) add(m[1], m[2], Number(m[3]));
  }
  return counts;
}

/** Hit rates between two readings of `cacheLookups`, as "page 93% · answers 40%". */
function hitRates(before, after) {
  const parts = [];
  for (const [cache, now] of after) {
    const was = before.get(cache) ?? { hit: 0, miss: 0 };
    const hit = now.hit - was.hit;
    const total = hit + now.miss - was.miss;
    if (total > 0) parts.push(`${cache} ${Math.round((hit / total) * 100)}%`);
  }
  return parts.length ? `hits: ${parts.join(' · ')}` : 'hits: -';
}

/**
 * The varied phase on two servers of the same database: `cached` as installed and `uncached`
 * with every cache off. Each case is warmed for a second, then loaded at `connections` and
 * with one connection, on both. Answers title → { cached, uncached, single: {cached, uncached} }.
 */
export async function benchVaried({
  cached,
  uncached,
  traffic,
  tool,
  connections,
  seconds,
  scratch,
}) {
  log(
    `Varied traffic (seed ${SEED}): ${traffic.words.length} words, ${traffic.articles.length} article ids, ` +
      `${traffic.listPages.length} list pages, ${traffic.accounts.length} accounts; ` +
      `${tool}, ${connections} connections and 1, ${seconds} s each, requests drawn at random`,
  );
  const servers = { cached, uncached };
  const built = {};
  for (const [name, server] of Object.entries(servers)) {
    const sessions = await logIn(server.base, traffic.accounts);
    if (sessions.length < traffic.accounts.length)
      log(`(${name}: ${sessions.length} of ${traffic.accounts.length} accounts could log in)`);
    built[name] = cases(server.base, traffic, sessions);
  }
  const results = new Map();
  // BENCH_VARIED=search,staff runs only the cases whose title holds one of the words.
  const only = process.env.BENCH_VARIED?.toLowerCase().split(',').filter(Boolean);
  const wanted = built.cached.filter(
    ([title]) => !only || only.some((word) => title.toLowerCase().includes(word)),
  );
  // nginx serves the public pages' bytes from files (one worker per core, as the pages phase);
  // its workers run as nobody when the bench runs as root: they must reach the files.
  const pagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-portal-varied-'));
  fs.chmodSync(pagesDir, 0o755);
  fs.writeFileSync(path.join(pagesDir, 'probe'), '');
  const nginx = wanted.some(([, , flags]) => flags?.nginx)
    ? await startNginx(pagesDir, path.join(pagesDir, '.nginx'), 'probe', {
        workers: 'auto',
        precompressed: true,
        html: true,
      })
    : undefined;
  const next = { value: 0 };
  try {
    for (let i = 0; i < built.cached.length; i++) {
      const [title, , flags] = built.cached[i];
      if (!wanted.includes(built.cached[i])) continue;
      const result = {};
      for (const [name, server] of Object.entries(servers)) {
        const requests = built[name][i][1];
        const options = { scratch, pid: server.pid, shuffle: SEED + i };
        await load(tool, requests, { ...options, connections, seconds: 1 });
        const before = await cacheLookups(server.metrics);
        const many = await load(tool, requests, { ...options, connections, seconds });
        const one = await load(tool, requests, { ...options, connections: 1, seconds });
        const after = await cacheLookups(server.metrics);
        result[name] = { many, one, hits: hitRates(before, after) };
      }
      if (nginx && flags?.nginx) {
        const requests = await mirrorPages(built.cached[i][1], pagesDir, nginx.base, next);
        const options = { scratch, shuffle: SEED + i };
        await load(tool, requests, { ...options, connections, seconds: 1 });
        result.nginx = { many: await load(tool, requests, { ...options, connections, seconds }) };
      }
      report(title, result, connections);
      results.set(title, result);
    }
  } finally {
    await nginx?.stop();
    fs.rmSync(pagesDir, { recursive: true, force: true });
  }
  return results;
}

/** One case's rows: both servers at many connections and one, their hit rates, and nginx. */
function report(title, result, connections) {
  const figures = (r) =>
    `${String(Math.round(r.rps)).padStart(6)} req/s p50 ${ms(r.p50)} p99 ${ms(r.p99)}` +
    (r.failed ? ` (${r.failed} failed)` : '');
  row(`${title}`, '');
  row(
    `  ${connections} connections`,
    `cached ${figures(result.cached.many)}`,
    `| uncached ${figures(result.uncached.many)}`,
  );
  row(
    '  one visitor',
    `cached p95 ${ms(result.cached.one.p95)} p99 ${ms(result.cached.one.p99)} (${Math.round(result.cached.one.rps)}/s)`,
    `| uncached p95 ${ms(result.uncached.one.p95)} p99 ${ms(result.uncached.one.p99)} (${Math.round(result.uncached.one.rps)}/s)`,
  );
  row('  ', `cached ${result.cached.hits}`, `| uncached ${result.uncached.hits}`);
  if (result.nginx) {
    const share = (r) => `${((r.rps / result.nginx.many.rps) * 100).toFixed(1)}%`;
    row(
      `  nginx, same bytes`,
      `${figures(result.nginx.many)}`,
      `| cached ${share(result.cached.many)} of it (goal ≥ 50%), uncached ${share(result.uncached.many)} (goal ≥ 1%)`,
    );
  }
}
