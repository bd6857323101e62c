// The server's memory in `npm run bench`: resident memory of the server and all its processes
// (it may fork workers: summed over the process tree from /proc) idle after start, then after a
// mixed load (pages, API lists, details and searches, staff calls; BENCH_RSS_SECONDS, 60) and
// after the same load again: a second load that leaves the figure where the first did shows
// that nothing grows without bound (caches are bounded).
import { get, load, post } from './bench-load.mjs';
import { callApi, mib, row, treeMemory } from './bench-util.mjs';
import { log } from './lib.mjs';

const enc = encodeURIComponent;
const settle = () => new Promise((r) => setTimeout(r, 3000));

/** Many different requests, so caches see many keys as a site's visitors make them. */
async function mixedRequests(server, pages) {
  const { base, teacher } = server;
  const api = (name, body, headers) => post(`${base}/api/${name}`, body, headers);
  const list = await callApi(base, 'news/getNewsList', 'typeId=2&pageSize=30');
  const words = ['青', '校园', '运动会开幕', '学生', '教师', '活动', '比赛', '通知'];
  const requests = [];
  for (const page of pages)
    requests.push(get(`${base}${page.path}`, { 'accept-encoding': 'gzip' }));
  for (let n = 1; n <= 30; n++) {
    const item = list.list[n - 1];
    if (item) {
      requests.push(get(`${base}/newsDetail?newId=${item.newId}&newsNum=2&typeId=2`));
      requests.push(api('news/getNewsDetails', `newId=${item.newId}`));
    }
    requests.push(get(`${base}/news?newsNum=2&pageNum=${n}`));
    requests.push(api('news/getNewsList', `typeId=2&pageSize=6&pageNum=${n * 40}`));
  }
  for (const word of words) {
    requests.push(get(`${base}/outnetSech?newsTitle=${enc(word)}`));
    requests.push(api('news/getNewsTitleList', `newsTitle=${enc(word)}`));
    requests.push(api('search/getSearchList', `type=1&str=${enc(word)}`, teacher));
    requests.push(api('email/getReceiveList', `pageSize=10&keyword=${enc(word)}`, teacher));
  }
  requests.push(api('news/getNewsHomePage', ''));
  requests.push(api('email/getReceiveList', 'pageSize=10', teacher));
  requests.push(api('resources/searchResources', `zylxType=1&KeywordName=${enc('复习')}`, teacher));
  return requests;
}

/** Measures the freshly started `server`; `pages` are the public pages ({ path }). */
export async function benchRss({ server, pages, tool, connections, seconds, scratch }) {
  const show = (title) => {
    const m = treeMemory(server.pid);
    row(title, `RSS ${mib(m.rss)}`, `PSS ${mib(m.pss)}`, `${m.processes} process(es)`);
    return m;
  };
  log(
    `Server memory: idle, then after ${seconds} s of mixed load, twice (${tool}, ${connections} connections)`,
  );
  await settle();
  show('idle after start');
  const requests = await mixedRequests(server, pages);
  let first;
  for (const run of [1, 2]) {
    const r = await load(tool, requests, { connections, seconds, scratch, pid: server.pid });
    await settle();
    const m = show(`after mixed load ${run} (${requests.length} URLs, ${Math.round(r.rps)} req/s)`);
    if (run === 1) first = m;
    else
      row(
        'growth from load 1 to load 2',
        `${mib(m.rss - first.rss)} RSS`,
        `${mib(m.pss - first.pss)} PSS`,
      );
  }
}
