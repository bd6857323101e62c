// The load generator of `npm run bench`: wrk (Debian's package, C, one thread per core, as the
// issue's figures were measured) when it is there or can be installed, else autocannon (npm, one
// Node thread: it saturates near 10,000 req/s on this kind of machine, far below nginx). Both are
// driven alike and answer the same figures: requests per second and latency percentiles in ms.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { seededRandom, settle } from './bench-util.mjs';
import { aptInstall } from './lib.mjs';

const WRK = '/usr/bin/wrk';

/**
 * The tool to use: BENCH_TOOL (wrk or autocannon) when set; otherwise wrk, installed from Debian
 * when missing (as root), and autocannon when that cannot be done.
 */
export async function chooseTool() {
  const wanted = process.env.BENCH_TOOL;
  if (wanted === 'autocannon') return 'autocannon';
  if (!fs.existsSync(WRK)) {
    try {
      await aptInstall(['wrk'], 'the bench loads the server with wrk');
    } catch (err) {
      if (wanted === 'wrk') throw err;
      console.warn(`Warning: ${err.message}; using autocannon (one Node thread) instead.`);
      return 'autocannon';
    }
  }
  return 'wrk';
}

/**
 * A request for `load`: a GET of `url`, or a form-encoded POST when `body` is given.
 * `headers` are added (authorization, accept-encoding).
 */
export const get = (url, headers = {}) => ({ url, method: 'GET', headers });
export const post = (url, body, headers = {}) => ({
  url,
  method: 'POST',
  body,
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
});

/** Lua string literal of ASCII text (JSON's escapes are Lua's for ASCII). */
function lua(text) {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`not printable ASCII: ${text}`);
  return JSON.stringify(text);
}

/**
 * A wrk script sending `requests` in turn (or, with `shuffle` a seed, each drawn at random, every
 * thread with its own seed derived from it) and printing its figures as one JSON line.
 */
function wrkScript(requests, shuffle) {
  const lines = requests.map((r, i) => {
    const { pathname, search } = new URL(r.url);
    const headers = Object.entries(r.headers)
      .map(([name, value]) => `[${lua(name)}] = ${lua(String(value))}`)
      .join(', ');
    const body = r.body === undefined ? 'nil' : lua(r.body);
    return `reqs[${i + 1}] = wrk.format(${lua(r.method)}, ${lua(pathname + search)}, { ${headers} }, ${body})`;
  });
  // Made in init: wrk sets the Host header (which wrk.format copies) only after the script loads.
  const next =
    shuffle === undefined
      ? `local n = 0
request = function()
  n = n % #reqs + 1
  return reqs[n]
end`
      : `local threads = 0
setup = function(thread)
  threads = threads + 1
  thread:set("seed", ${Math.floor(shuffle)} + threads)
end
request = function()
  return reqs[math.random(#reqs)]
end`;
  return `local reqs = {}
init = function(args)
${shuffle === undefined ? '' : '  math.randomseed(seed)\n'}${lines.join('\n')}
end
${next}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH-RESULT {"requests":%d,"micros":%d,"p50":%d,"p95":%d,"p99":%d,"errors":%d,"bad":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), e.connect + e.read + e.write + e.timeout, e.status))
end
`;
}

async function runWrk(requests, { connections, seconds, scratch, shuffle }) {
  const script = path.join(scratch, `wrk-${process.pid}.lua`);
  fs.writeFileSync(script, wrkScript(requests, shuffle));
  const { origin } = new URL(requests[0].url);
  // Two threads (one per core of the machine); a long timeout so slow answers are
  // measured, not dropped as errors.
  const threads = Math.min(2, connections);
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`];
  const out = await new Promise((resolve, reject) => {
    const child = spawn(WRK, [...args, '--timeout', '60s', '-s', script, origin], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk: ${code}`))));
  });
  fs.rmSync(script, { force: true });
  const line = out.split('\n').find((l) => l.startsWith('BENCH-RESULT '));
  if (!line) throw new Error(`wrk printed no result:\n${out}`);
  const r = JSON.parse(line.slice('BENCH-RESULT '.length));
  return {
    rps: r.requests / (r.micros / 1e6),
    p50: r.p50 / 1000,
    p95: r.p95 / 1000,
    p99: r.p99 / 1000,
    failed: r.errors + r.bad,
  };
}

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** `list` in an order drawn from `seed` (Fisher–Yates over a mulberry32 stream). */
function shuffled(list, seed) {
  const next = seededRandom(seed);
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

async function runAutocannon(list, { connections, seconds, shuffle }) {
  // autocannon sends its list in turn on every connection: the draw is made beforehand.
  const requests = shuffle === undefined ? list : shuffled(list, shuffle);
  const { origin } = new URL(requests[0].url);
  const times = [];
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        requests: requests.map((r) => {
          const { pathname, search } = new URL(r.url);
          return { method: r.method, path: pathname + search, headers: r.headers, body: r.body };
        }),
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    // Its summary has no 95th percentile: every answer's time is kept instead.
    instance.on('response', (_client, _status, _bytes, time) => times.push(time));
  });
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.total / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Loads the server with `requests` (in turn; drawn at random with `shuffle`, a seed) from
 * `connections` connections for `seconds`, then
 * waits until the server (process `pid`, when given) has done what was left queued; answers { rps, p50, p95, p99 (ms;
 * NaN when no answer came in time), failed }.
 */
export async function load(tool, requests, options) {
  const r = await (tool === 'wrk' ? runWrk(requests, options) : runAutocannon(requests, options));
  if (options.pid) await settle(options.pid);
  if (r.rps > 0) return r;
  return { ...r, p50: NaN, p95: NaN, p99: NaN };
}
