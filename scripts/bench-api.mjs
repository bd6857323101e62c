// The API at each volume in `npm run bench`: list and detail calls (goal: p99 < 10 ms at 32
// connections), searches (goal: p95 < 20 ms per keyword) and the staff side's mail and drive
// lists and searches, then a table comparing the volumes (goal: within 20% of each other).
import path from 'node:path';
import Database from 'better-sqlite3';
import { load, post } from './bench-load.mjs';
import { callApi, ms, request, row } from './bench-util.mjs';
import { log } from './lib.mjs';

/** How long the server is warmed before the calls are measured. */
const WARM_SECONDS = 10;

/** How deep the deep pages go: 96% of the pages (page ~1600 of column 2 at 100k news). */
const DEPTH = 0.96;

/**
 * The most common two-character word of the news titles (a CJK bigram counted once per title):
 * the search that matches the most items. Read from the SQLite file, which the bench uses.
 */
export function commonWord(dataDir) {
  const db = new Database(path.join(dataDir, 'portal.sqlite'), { readonly: true });
  try {
    const counts = new Map();
    for (const { title } of db.prepare('select title from news').iterate()) {
      const seen = new Set();
      const chars = [...title];
      for (let i = 0; i + 1 < chars.length; i++) {
        const word = chars[i] + chars[i + 1];
        if (/^[\u4e00-\u9fff]{2}$/.test(word)) seen.add(word);
      }
      for (const word of seen) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['学校', 0];
  } finally {
    db.close();
  }
}

const enc = encodeURIComponent;

/** The measured calls at this volume: [title, request, figure ('p99' or 'p95'), goal in ms]. */
async function calls(server, dataDir) {
  const { base, teacher } = server;
  const api = (name, body, headers) => post(`${base}/api/${name}`, body, headers);
  const column = await callApi(base, 'news/getNewsList', 'typeId=2&pageSize=6');
  const deep = Math.max(1, Math.round((column.total / 6) * DEPTH));
  const newId = column.list[0].newId;
  const [word, matches] = commonWord(dataDir);
  const inbox = await callApi(base, 'email/getReceiveList', 'pageSize=10', teacher);
  const deepMail = Math.max(1, Math.round((inbox.total / 10) * DEPTH));
  const tree = await callApi(base, 'resources/getFolderTree', 'sType=0', teacher);
  const leaf = tree[0].childList[0].childList[0].fid;
  log(
    `column 2: ${column.total} news (deep page ${deep}); the teacher's inbox: ${inbox.total} ` +
      `mails (deep page ${deepMail}); most common word ${word} (in ${matches} titles)`,
  );
  return [
    ['api getNewsList page 1', api('news/getNewsList', 'typeId=2&pageSize=6'), 'p99', 10],
    [
      'api getNewsList deep page',
      api('news/getNewsList', `typeId=2&pageSize=6&pageNum=${deep}`),
      'p99',
      10,
    ],
    ['api getNewsDetails', api('news/getNewsDetails', `newId=${newId}`), 'p99', 10],
    ['api getNewsHomePage', api('news/getNewsHomePage', ''), 'p99', 10],
    ...['青', '校园', '实验中学', '运动会开幕', word].map((k) => [
      `search getNewsTitleList ${k === word ? 'most common word' : k}`,
      api('news/getNewsTitleList', `newsTitle=${enc(k)}`),
      'p95',
      20,
    ]),
    ...['校园', word].map((k) => [
      `search site search ${k === word ? 'most common word' : k} (staff)`,
      api('search/getSearchList', `type=1&str=${enc(k)}`, teacher),
      'p95',
      20,
    ]),
    ['staff mail inbox page 1', api('email/getReceiveList', 'pageSize=10', teacher), 'p99', 10],
    [
      'staff mail inbox deep page',
      api('email/getReceiveList', `pageSize=10&pageNum=${deepMail}`, teacher),
      'p99',
      10,
    ],
    [
      'staff mail keyword 家长会',
      api('email/getReceiveList', `pageSize=10&keyword=${enc('家长会')}`, teacher),
      'p95',
      20,
    ],
    [
      'staff drive folder page 1',
      api('resources/getFolderFiles', `fId=${leaf}&pageSize=10`, teacher),
      'p99',
      10,
    ],
    [
      'staff drive search 复习',
      api('resources/searchResources', `zylxType=1&KeywordName=${enc('复习')}`, teacher),
      'p95',
      20,
    ],
  ];
}

/**
 * Measures the calls at one volume; `want(title)` filters them. Answers a Map title → result
 * with the figure and goal, for `compareVolumes`.
 */
export async function benchApi({ server, dataDir, tool, connections, seconds, scratch, want }) {
  log(`API: ${tool}, ${connections} connections, ${seconds} s each`);
  const results = new Map();
  const measured = (await calls(server, dataDir)).filter(([title]) => want(title));
  // The first answer after start (or after a content change) is computed, the rest are mostly
  // kept: each call's first is timed on its own, before anything else asked for it.
  const firsts = new Map();
  for (const [title, req] of measured) {
    const started = performance.now();
    await request(req.url, req);
    firsts.set(title, performance.now() - started);
  }
  // A server just started answers its first thousands of requests slowly (the JIT compiling,
  // modules and statements first used): measured first, getNewsList page 1 had a p99 of 44 ms
  // where the same call measured again had 16 ms. So the server is warmed with all the calls
  // in turn, as a server that has been serving is, and each call for 1 s before it is measured.
  await load(
    tool,
    measured.map(([, req]) => req),
    { connections, seconds: WARM_SECONDS, scratch, pid: server.pid },
  );
  for (const [title, req, figure, goal] of measured) {
    await load(tool, [req], { connections, seconds: 1, scratch, pid: server.pid });
    const r = await load(tool, [req], { connections, seconds, scratch, pid: server.pid });
    row(
      title,
      `first ${ms(firsts.get(title))}`,
      `${String(Math.round(r.rps)).padStart(6)} req/s`,
      `p50 ${ms(r.p50)}`,
      `p95 ${ms(r.p95)}`,
      `p99 ${ms(r.p99)}`,
      `${figure} goal < ${goal} ms: ${r[figure] < goal ? 'met' : 'not met'}`,
      r.rps ? '' : `(no answer within ${seconds} s)`,
      r.failed ? `(${r.failed} failed)` : '',
    );
    results.set(title, { ...r, figure, goal });
  }
  return results;
}

/** The volumes side by side: each call's figure at each volume, and whether it stays flat. */
export function compareVolumes(byVolume) {
  const names = [...byVolume.keys()];
  if (names.length < 2) return;
  log(`Flat as data grows: the same figure at ${names.join(' and ')} (goal: within 20%)`);
  const first = byVolume.get(names[0]);
  const last = byVolume.get(names.at(-1));
  for (const [title, a] of first) {
    const b = last.get(title);
    if (!b) continue;
    const change = b[a.figure] / a[a.figure] - 1;
    row(
      `${title} ${a.figure}`,
      ...names.map((n) => `${n} ${ms(byVolume.get(n).get(title)?.[a.figure] ?? NaN)}`.padEnd(14)),
      `${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)}%`,
      Math.abs(change) <= 0.2 ? 'within 20%' : 'not within 20%',
    );
  }
}
