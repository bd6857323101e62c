// Small helpers shared by the bench's parts: raw HTTP requests, printing rows, medians and the
// memory of a process with all its descendants (the server may fork workers).
import fs from 'node:fs';
import http from 'node:http';

const MiB = 1024 * 1024;

/**
 * One HTTP request; `body` a buffer, a string or a readable stream. Answers status, headers and
 * the body's bytes exactly as they came (no decompression) and as text.
 */
export function request(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode, headers: res.headers, bytes, text: bytes.toString() });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body && typeof body.pipe === 'function') body.pipe(req);
    else req.end(body);
  });
}

/** A form-encoded POST to the API at `base`; answers the parsed {status, msg, data}. */
export async function callApi(base, name, fields = '', headers = {}) {
  const body = typeof fields === 'string' ? fields : new URLSearchParams(fields).toString();
  const answer = await request(`${base}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
  const json = JSON.parse(answer.text);
  if (json.status !== 0) throw new Error(`api/${name}: ${json.msg}`);
  return json.data;
}

/** CPU seconds used so far by `pid` and its descendants (user + system, from /proc). */
export function treeCpu(pid) {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100; // USER_HZ is 100 on Linux
}

/**
 * Waits until the server (`pid` and its workers) is idle again (under 10% of a core for half a
 * second; at most two minutes): a load leaves requests queued in the server after the load
 * generator stops, and they must not slow the next measurement.
 */
export async function settle(pid) {
  const until = Date.now() + 120_000;
  let last = treeCpu(pid);
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 500));
    const now = treeCpu(pid);
    if (now - last < 0.05) return;
    last = now;
  }
}

/** Columns `text` takes in a terminal: Chinese characters take two. */
const columns = (text) =>
  [...text].reduce((n, c) => n + (/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(c) ? 2 : 1), 0);

/** `text` padded with spaces to `width` terminal columns. */
export const pad = (text, width) => text + ' '.repeat(Math.max(0, width - columns(text)));

/** One printed line: a title in a fixed-width column, then the figures. */
export const row = (title, ...figures) =>
  console.log(`${pad(title, 48)} ${figures.filter((f) => f !== '').join('  ')}`);

/** mulberry32: a small seeded pseudo-random generator; answers a function giving numbers in [0, 1). */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const mib = (bytes) => `${Math.round(bytes / MiB)} MiB`;
export const ms = (value) =>
  !Number.isFinite(value)
    ? '-'
    : value >= 100
      ? `${Math.round(value)} ms`
      : `${value.toFixed(1)} ms`;

/** The pids of `pid` and all its descendants, from /proc (Linux). */
export function processTree(pid) {
  const children = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The parent is the 2nd field after the command, which is in parentheses and may hold spaces.
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  const all = [];
  const visit = (p) => {
    all.push(p);
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return all;
}

/**
 * Resident memory of `pid` and its descendants: `rss` sums VmRSS (pages shared by forked workers
 * count once per process), `pss` sums the proportional set size (shared pages divided among
 * their processes: the memory the tree really holds), `processes` counts them.
 */
export function treeMemory(pid) {
  let rss = 0;
  let pss = 0;
  let processes = 0;
  for (const p of processTree(pid)) {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      rss += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      processes++;
      const rollup = fs.readFileSync(`/proc/${p}/smaps_rollup`, 'utf8');
      pss += Number(/Pss:\s+(\d+) kB/.exec(rollup)?.[1] ?? 0) * 1024;
    } catch {
      // gone meanwhile, or smaps_rollup not readable: VmRSS alone
    }
  }
  return { rss, pss, processes };
}
