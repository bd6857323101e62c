// `npm run bench`: autocannon against the built server on a fresh demo database with
// BENCH_NEWS (30000) more news items, BENCH_MAIL (100000) more mails and BENCH_DRIVE (100000)
// more drive files, so lists, details, search, mailboxes and the drive run at a real school's size.
// Prints requests per second and latency for pages and calls.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { benchDriveTransfer } from './bench-drive.mjs';
import { ensureBuilt, ensureInstalled, freePort, log, root } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
// BENCH_ONLY: run only the measurements whose title contains it (case-insensitive).
const ONLY = process.env.BENCH_ONLY?.toLowerCase();
// BENCH_DATA_DIR: keep the seeded database there and reuse it on the next run.
const KEEP = process.env.BENCH_DATA_DIR;
// BENCH_TRANSFER_MB: the size of the drive's upload/download file (0: no transfer bench).
const TRANSFER_MB = Number(process.env.BENCH_TRANSFER_MB ?? 1024);

await ensureInstalled();
await ensureBuilt();
const port = await freePort();
const dataDir = KEEP
  ? path.resolve(KEEP)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'school-portal-bench-'));
const seededMark = path.join(dataDir, '.bench-seeded');
const volume = Number(process.env.BENCH_NEWS ?? 30000);
const mailVolume = Number(process.env.BENCH_MAIL ?? 100000);
const driveVolume = Number(process.env.BENCH_DRIVE ?? 100000);
if (KEEP && fs.existsSync(seededMark)) {
  log(`Reusing the benchmark database in ${dataDir}`);
} else {
  log(
    `Seeding the demo school, ${volume} more news items, ${mailVolume} mails and ${driveVolume} drive files`,
  );
  fs.mkdirSync(dataDir, { recursive: true });
  const seeded = spawnSync(
    process.execPath,
    ['server/dist/volume-main.js', String(volume), String(mailVolume), String(driveVolume)],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    },
  );
  if (seeded.status !== 0) throw new Error('seeding the benchmark database failed');
  if (KEEP) fs.writeFileSync(seededMark, String(volume));
}
const server = spawn(process.execPath, ['server/dist/main.js'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    API_RATE_LIMIT: '1000000',
  },
});
const base = `http://127.0.0.1:${port}`;

async function waitForServer() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

function bench(title, options) {
  if (ONLY && !title.toLowerCase().includes(ONLY)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (err, result) => {
      if (err) return reject(err);
      const bad = result.non2xx + result.errors;
      console.log(
        `${title.padEnd(46)} ${String(Math.round(result.requests.average)).padStart(6)} req/s` +
          `   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms` +
          (bad ? `   (${bad} failed)` : ''),
      );
      resolve(result);
    });
  });
}

try {
  await waitForServer();
  const login = await fetch(`${base}/api/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'staffCode=teacher&staffPass=School%402026&staffType=2',
  }).then((r) => r.json());
  const auth = { authorization: `Bearer ${login.data.token}` };
  const adminLogin = await fetch(`${base}/api/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'staffCode=admin&staffPass=School%402026&staffType=5',
  }).then((r) => r.json());
  const admin = { authorization: `Bearer ${adminLogin.data.token}` };
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const transfer = 'drive transfer (tus upload, download, nginx, memory)';
  if (TRANSFER_MB > 0 && (!ONLY || transfer.includes(ONLY))) {
    await benchDriveTransfer({
      base,
      auth,
      pid: server.pid,
      dataDir,
      megabytes: TRANSFER_MB,
      dir: fs.mkdtempSync(path.join(os.tmpdir(), 'school-portal-transfer-')),
    });
  }
  log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s each, SQLite, ${os.cpus().length} cores`,
  );
  const post = (path, body, headers = form) => ({
    url: `${base}/api/${path}`,
    method: 'POST',
    headers,
    body,
  });
  const firstNews = await fetch(`${base}/api/news/getNewsList`, {
    method: 'POST',
    headers: form,
    body: 'typeId=2&pageSize=1',
  }).then((r) => r.json());
  const newId = firstNews.data.list[0].newId;
  const image = firstNews.data.list[0].imgUrl;
  log(`news of column 2: ${firstNews.data.total}`);
  await bench('GET /index (server-rendered page)', { url: `${base}/index` });
  await bench('GET /news?newsNum=2 (page)', { url: `${base}/news?newsNum=2` });
  await bench('GET /newsDetail (page)', {
    url: `${base}/newsDetail?newId=${newId}&newsNum=2&typeId=2`,
  });
  await bench('GET /outnetSech?newsTitle=校园 (page)', {
    url: `${base}/outnetSech?newsTitle=${encodeURIComponent('校园')}`,
  });
  await bench('POST api/news/getNewsList page 1', post('news/getNewsList', 'typeId=2&pageSize=6'));
  await bench(
    'POST api/news/getNewsList page 300',
    post('news/getNewsList', 'typeId=2&pageSize=6&pageNum=300'),
  );
  await bench('POST api/news/getNewsDetails', post('news/getNewsDetails', `newId=${newId}`));
  await bench(
    'POST api/news/getNewsTitleList 校园 (2 chars)',
    post('news/getNewsTitleList', `newsTitle=${encodeURIComponent('校园')}`),
  );
  await bench(
    'POST api/news/getNewsTitleList 青 (1 char)',
    post('news/getNewsTitleList', `newsTitle=${encodeURIComponent('青')}`),
  );
  await bench(
    'POST api/news/getNewsTitleList 运动会开幕 (5)',
    post('news/getNewsTitleList', `newsTitle=${encodeURIComponent('运动会开幕')}`),
  );
  await bench('POST api/news/getNewsHomePage', post('news/getNewsHomePage', ''));
  if (image) await bench('GET a cover picture (api/files)', { url: `${base}${image}` });
  await bench('GET /api/health', { url: `${base}/api/health` });
  await bench('POST api/sysParameter/getParameterList', {
    url: `${base}/api/sysParameter/getParameterList`,
    method: 'POST',
    headers: form,
    body: 'parameteCodes=XXMC,XXJJ,LXDH,XXYX,ICP,GABA,EWM,TPZX,JGW,ZSXX',
  });
  await bench('POST api/dept/getDeptList (logged in)', {
    url: `${base}/api/dept/getDeptList`,
    method: 'POST',
    headers: { ...form, ...auth },
    body: '',
  });
  // The staff intranet, as the teacher.
  const asTeacher = (path, body) => post(path, body, { ...form, ...auth });
  await bench(
    'POST api/news/getTeachHomeNews (six lists)',
    asTeacher(
      'news/getTeachHomeNews',
      'typeId1=17&pageSize1=17&typeId2=2&pageSize2=5&typeId3=16&pageSize3=5&typeId4=19&pageSize4=6&typeId5=20&pageSize5=6&typeId6=22&pageSize6=4&enableType=2',
    ),
  );
  await bench('POST api/todo/getTodoNum', asTeacher('todo/getTodoNum', ''));
  await bench(
    'POST api/workbench/getWorkbenchList',
    asTeacher('workbench/getWorkbenchList', 'menuType=1'),
  );
  await bench(
    'POST api/addressBook/getList phone 139',
    asTeacher('addressBook/getList', 'teaPhone=139'),
  );
  await bench(
    'POST api/search/getSearchList news 通知',
    asTeacher('search/getSearchList', `type=1&str=${encodeURIComponent('通知')}`),
  );
  await bench(
    'POST api/news/getNewsList department 17 page 1',
    asTeacher('news/getNewsList', 'typeId=17&deptId=1&enableType=2&pageSize=12'),
  );
  // Internal mail, as the teacher with thousands of mails.
  const inbox = await fetch(`${base}/api/email/getReceiveList`, {
    method: 'POST',
    headers: { ...form, ...auth },
    body: 'pageSize=1',
  }).then((r) => r.json());
  log(`the teacher's inbox: ${inbox.data.total} mails`);
  const newest = inbox.data.list[0];
  await bench('POST api/email/getUnreadNum', asTeacher('email/getUnreadNum', ''));
  await bench(
    'POST api/email/getReceiveList page 1',
    asTeacher('email/getReceiveList', 'pageSize=10'),
  );
  await bench(
    'POST api/email/getReceiveList page 500',
    asTeacher('email/getReceiveList', 'pageSize=10&pageNum=500'),
  );
  await bench(
    'POST api/email/getReceiveList unread',
    asTeacher('email/getReceiveList', 'pageSize=10&inmainState=1'),
  );
  await bench(
    'POST api/email/getReceiveList keyword 家长会',
    asTeacher('email/getReceiveList', `pageSize=10&keyword=${encodeURIComponent('家长会')}`),
  );
  await bench('POST api/email/getSendList page 1', asTeacher('email/getSendList', 'pageSize=10'));
  await bench(
    'POST api/email/getEmailDetail',
    asTeacher('email/getEmailDetail', `inmailId=${newest.inmailId}&receiveId=${newest.receiveId}`),
  );
  await bench('POST api/email/getContacts', asTeacher('email/getContacts', ''));
  // The teaching drive, as a teacher.
  const columns = await fetch(`${base}/api/resources/getFolderTree`, {
    method: 'POST',
    headers: { ...form, ...auth },
    body: 'sType=0',
  }).then((r) => r.json());
  const leaf = columns.data[0].childList[0].childList[0].fid;
  log(
    `drive files the teacher sees: ${(await fetch(`${base}/api/resources/getResourcesNum`, { method: 'POST', headers: { ...form, ...auth }, body: '' }).then((r) => r.json())).data}`,
  );
  await bench('POST api/resources/getResourcesNum', asTeacher('resources/getResourcesNum', ''));
  await bench(
    'POST api/resources/getFolderTree (counts)',
    asTeacher('resources/getFolderTree', 'sType=0'),
  );
  await bench(
    'POST api/resources/getFolderFiles page 1',
    asTeacher('resources/getFolderFiles', `fId=${leaf}&pageSize=10`),
  );
  await bench(
    'POST api/resources/getFolderFiles page 100 by size',
    asTeacher('resources/getFolderFiles', `fId=${leaf}&pageSize=10&pageNum=100&resourcesSize=1`),
  );
  await bench(
    'POST api/resources/getNewUpload (home, 6)',
    asTeacher('resources/getNewUpload', 'pageSize=6'),
  );
  await bench(
    'POST api/resources/getHotDown (home, 6)',
    asTeacher('resources/getHotDown', 'pageSize=6'),
  );
  await bench(
    'POST api/resources/searchResources 复习',
    asTeacher('resources/searchResources', `zylxType=1&KeywordName=${encodeURIComponent('复习')}`),
  );
  // The content platform, as an administrator sees every item.
  const asAdmin = (path, body) => post(path, body, { ...form, ...admin });
  await bench('POST api/cms/news/list (admin, all)', asAdmin('cms/news/list', ''));
  await bench(
    'POST api/cms/news/list column 2, approved, page 50',
    asAdmin('cms/news/list', 'typeId=2&reviewState=approved&pageNum=50'),
  );
  await bench(
    'POST api/cms/news/list keyword 运动会',
    asAdmin('cms/news/list', `keyword=${encodeURIComponent('运动会')}`),
  );
  await bench('POST api/cms/news/get', asAdmin('cms/news/get', `newId=${newId}`));
  await bench('POST api/cms/video/list (admin)', asAdmin('cms/video/list', ''));
  await bench('POST api/cms/staff/list (admin)', asAdmin('cms/staff/list', ''));
  await bench('POST api/cms/department/tree (admin)', asAdmin('cms/department/tree', ''));
} finally {
  server.kill('SIGTERM');
  if (!KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
}
