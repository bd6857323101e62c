// The drive transfer part of `npm run bench`: one large file (BENCH_TRANSFER_MB, 1024) uploaded
// through tus as a teacher, registered with addResource, downloaded through
// api/resources/file/<id> and, for comparison, from nginx (sendfile) serving the same file; the
// server's resident memory (VmRSS of it and its workers, every 100 ms) while it moves the bytes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startNginx } from './bench-nginx.mjs';
import { request, treeMemory } from './bench-util.mjs';
import { aptInstall, log } from './lib.mjs';

const MiB = 1024 * 1024;
/** Bytes of one PATCH (BENCH_TUS_CHUNK_MB, 32: tus-js-client's chunkSize, as the pages send). */
const CHUNK = Number(process.env.BENCH_TUS_CHUNK_MB ?? 32) * MiB;
const ROUNDS = 3;
const CURL = '/usr/bin/curl';

const row = (title, value, rest = '') => console.log(`${title.padEnd(46)} ${value}${rest}`);
const mb = (bytes) => `${Math.round(bytes / MiB)} MiB`;
const rate = (bytes, ms) => `${String(Math.round(bytes / 1e6 / (ms / 1000))).padStart(6)} MB/s`;

/** A file of `size` bytes an MP4's first bytes (an ftyp box) and random bytes after them. */
function makeVideo(file, size) {
  const block = randomBytes(16 * MiB);
  const ftyp = Buffer.alloc(32);
  ftyp.writeUInt32BE(32, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomiso2avc1mp41', 16, 'latin1');
  const fd = fs.openSync(file, 'w');
  try {
    for (let offset = 0; offset < size; offset += block.length) {
      // Each block differs, so no two parts of the file are alike.
      block.writeUInt32BE(offset / block.length, 64);
      if (offset === 0) ftyp.copy(block, 0);
      fs.writeSync(fd, block, 0, Math.min(block.length, size - offset), offset);
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** The server's resident memory (with its workers) every 100 ms, with the peak of each phase. */
function rssSampler(pid) {
  // The whole process tree: the server may run workers.
  const read = () => treeMemory(pid).rss;
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, read());
  }, 100);
  return {
    now: read,
    /** The peak since the last call, and a fresh start. */
    take() {
      const value = Math.max(peak, read());
      peak = 0;
      return value;
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * Downloads `url` to nowhere with curl (a client of C speed: Node's own client, reading on the
 * same two cores, held both servers to a few hundred MB/s); answers the bytes and milliseconds.
 */
async function download(url, headers = {}) {
  const args = ['-s', '-o', '/dev/null', '-w', '%{http_code} %{size_download} %{time_total}'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const out = await new Promise((resolve, reject) => {
    const child = spawn(CURL, [...args, url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`curl: ${code}`))));
  });
  const [status, bytes, seconds] = out.trim().split(' ').map(Number);
  if (status !== 200) throw new Error(`GET ${url}: ${status}`);
  return { bytes, ms: seconds * 1000 };
}

/**
 * The best and the mean of ROUNDS downloads of each target ([url, headers]; `size` bytes), one
 * unmeasured first, the targets taking turns so that other work on the machine hits them alike.
 */
async function downloads(targets, size) {
  for (const [url, headers] of targets) await download(url, headers);
  const times = targets.map(() => []);
  for (let i = 0; i < ROUNDS; i++) {
    for (const [k, [url, headers]] of targets.entries()) {
      const { bytes, ms } = await download(url, headers);
      if (bytes !== size) throw new Error(`GET ${url}: ${bytes} bytes, expected ${size}`);
      times[k].push(ms);
    }
  }
  return times.map((list) => ({
    best: Math.min(...list),
    mean: list.reduce((a, b) => a + b, 0) / list.length,
  }));
}

/** The newest file of `size` bytes under `folder` (where the server keeps its files). */
function newestOfSize(folder, size) {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .map((file) => ({ file, stat: fs.statSync(file) }))
    .filter(({ stat }) => stat.size === size)
    .sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs)[0]?.file;
}

/**
 * Uploads `file` through the tus routes in CHUNK PATCHes; answers the stored file's id and the
 * milliseconds of the last PATCH.
 */
async function tusUpload(base, auth, file, size) {
  // Into the teacher's own disk (sType 1: its quota is checked first), which they may empty.
  const metadata = [
    ['filename', path.basename(file)],
    ['sType', '1'],
  ]
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const created = await request(`${base}/api/resources/tus/`, {
    method: 'POST',
    headers: {
      ...auth,
      'tus-resumable': '1.0.0',
      'upload-length': size,
      'upload-metadata': metadata,
    },
  });
  if (created.status !== 201) throw new Error(`tus create: ${created.status} ${created.text}`);
  const location = new URL(created.headers.location, `${base}/api/resources/tus/`).href;
  let answer;
  let lastMs = 0;
  for (let offset = 0; offset < size; offset += CHUNK) {
    const end = Math.min(size, offset + CHUNK);
    const started = performance.now();
    answer = await request(location, {
      method: 'PATCH',
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-offset': offset,
        'content-type': 'application/offset+octet-stream',
        'content-length': end - offset,
      },
      body: fs.createReadStream(file, { start: offset, end: end - 1 }),
    });
    if (answer.status !== 204)
      throw new Error(`tus PATCH at ${offset}: ${answer.status} ${answer.text}`);
    lastMs = performance.now() - started;
  }
  // The last PATCH also moves the bytes into storage (content check, hash, kept once).
  return { fileId: Number(answer.headers['x-file-id']), lastMs };
}

/**
 * The transfer bench against the server at `base` (process `pid`, data in `dataDir`), logged in
 * with `auth`. `dir` is a scratch folder, best on the same disk as the server's data.
 */
export async function benchDriveTransfer({ base, auth, pid, dataDir, megabytes, dir }) {
  const size = megabytes * MiB;
  log(`Drive transfer: a ${mb(size)} file up through tus, down ${ROUNDS} times, and from nginx`);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, '期末复习微课.mp4');
  let nginx;
  let resourcesId;
  const form = { ...auth, 'content-type': 'application/x-www-form-urlencoded' };
  const call = async (name, fields) => {
    const body = new URLSearchParams(fields).toString();
    const answer = JSON.parse(
      (await request(`${base}/api/resources/${name}`, { method: 'POST', headers: form, body }))
        .text,
    );
    if (answer.status !== 0) throw new Error(`${name}: ${answer.msg}`);
    return answer.data;
  };
  const rss = rssSampler(pid);
  try {
    if (!fs.existsSync(CURL)) await aptInstall(['curl'], 'the drive bench downloads with curl');
    makeVideo(file, size);
    const baseline = rss.now();

    rss.take();
    const uploadStarted = performance.now();
    const { fileId, lastMs } = await tusUpload(base, auth, file, size);
    const uploadMs = performance.now() - uploadStarted;
    const uploadPeak = rss.take();
    if (!fileId) throw new Error('tus: the last PATCH did not answer the stored file');

    ({ resourcesId } = await call('addResource', {
      sType: '1',
      resourcesPath: `/api/files/${fileId}`,
      resourcesFname: path.basename(file),
      resourcesType: '2',
      resourcesDesc: '传输测试',
    }));
    const url = `${base}/api/resources/file/${resourcesId}?download=1`;

    // The last MiB by Range, compared with the file's own bytes.
    const tail = await request(url, { headers: { ...auth, range: `bytes=-${MiB}` } });
    const expected = Buffer.alloc(MiB);
    const fd = fs.openSync(file, 'r');
    fs.readSync(fd, expected, 0, MiB, size - MiB);
    fs.closeSync(fd);
    const rangeOk =
      tail.status === 206 &&
      tail.headers['content-range'] === `bytes ${size - MiB}-${size - 1}/${size}` &&
      tail.bytes.equals(expected);

    // nginx serves the very bytes the server stored (a hard link to its file), flushed to disk
    // first, so that neither server reads pages still being written back.
    const stored = newestOfSize(path.join(dataDir, 'files'), size);
    let served = 'stored.mp4';
    try {
      fs.linkSync(stored, path.join(dir, served));
    } catch {
      served = path.basename(file);
    }
    const flushed = fs.openSync(path.join(dir, served), 'r');
    fs.fsyncSync(flushed);
    fs.closeSync(flushed);
    nginx = await startNginx(dir, path.join(dir, 'nginx'), encodeURIComponent(served));
    rss.take();
    const [ours, theirs] = await downloads(
      [
        [url, auth],
        [`${nginx.base}/${encodeURIComponent(served)}`, {}],
      ],
      size,
    );
    const downloadPeak = rss.take();

    rss.stop();
    row(
      `upload ${mb(size)} (tus, ${mb(CHUNK)} PATCHes)`,
      rate(size, uploadMs),
      `   ${(uploadMs / 1000).toFixed(1)} s, of which the last PATCH (check, hash, store) ${(lastMs / 1000).toFixed(1)} s`,
    );
    row(
      `GET api/resources/file (${mb(size)}, ${ROUNDS}×)`,
      rate(size, ours.best),
      `   mean ${rate(size, ours.mean).trim()}`,
    );
    row(
      `GET nginx ${nginx.version ?? ''} sendfile (the stored file, ${ROUNDS}×)`,
      rate(size, theirs.best),
      `   mean ${rate(size, theirs.mean).trim()}`,
    );
    row('download ours / nginx (best)', `${(theirs.best / ours.best).toFixed(2).padStart(6)}`);
    row(`GET Range bytes=-${MiB} (last 1 MiB)`, rangeOk ? '    ok' : 'FAILED', `   ${tail.status}`);
    row('server RSS baseline', `${mb(baseline).padStart(6)}`);
    row(
      'server RSS peak while uploading',
      `${mb(uploadPeak).padStart(6)}`,
      `   (+${mb(uploadPeak - baseline)})`,
    );
    row(
      'server RSS peak while downloading',
      `${mb(downloadPeak).padStart(6)}`,
      `   (+${mb(downloadPeak - baseline)})`,
    );
    if (!rangeOk) throw new Error('the Range download answered other bytes');
  } finally {
    rss.stop();
    await nginx?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    // Its bytes go with it: a kept BENCH_DATA_DIR does not grow by a file each run.
    if (resourcesId) await call('delResource', { resourcesId: String(resourcesId) });
  }
}
