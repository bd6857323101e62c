// The public pages in `npm run bench`: their sizes (HTML, and the JS and CSS a first visit
// loads) and their speed against nginx serving the very same HTML. Each page is saved exactly as
// the server gives it to an anonymous visitor, together with the gzip and brotli bytes it sends;
// nginx (Debian's nginx-light, one worker per core, gzip_static and brotli_static) serves those
// same bytes under the same paths, so neither side compresses per request; both are loaded with
// the same tool, settings and Accept-Encoding: gzip, taking turns page by page, and the median of
// the rounds is printed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startNginx } from './bench-nginx.mjs';
import { get, load } from './bench-load.mjs';
import { callApi, kb, median, ms, request, row } from './bench-util.mjs';
import { log } from './lib.mjs';

const GZIP = { 'accept-encoding': 'gzip' };

/** A path as a person reads it (the keyword decoded), cut to `width` characters. */
export const shown = (url, width) => decodeURIComponent(url).slice(0, width);

/** The public pages measured: a name (the saved file) and the path with its query. */
export async function publicPages(base) {
  const first = await callApi(base, 'news/getNewsList', 'typeId=2&pageSize=1');
  const newId = first.list[0].newId;
  return [
    { name: 'index', path: '/index' },
    { name: 'news', path: '/news?newsNum=2' },
    { name: 'newsDetail', path: `/newsDetail?newId=${newId}&newsNum=2&typeId=2` },
    { name: 'outnetSech', path: `/outnetSech?newsTitle=${encodeURIComponent('校园')}` },
  ];
}

/** The body's bytes as the page was before any compression the server applied. */
function decoded(answer) {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.bytes);
  if (encoding === 'gzip') return zlib.gunzipSync(answer.bytes);
  return answer.bytes;
}

/** GET `url` anonymously; answers the decoded bytes (and the answer). */
async function fetchRaw(url, headers = {}) {
  const answer = await request(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status}`);
  return { bytes: decoded(answer), answer };
}

const gzipSize = (bytes) => zlib.gzipSync(bytes, { level: 9 }).length;
const brotliSize = (bytes) => zlib.brotliCompressSync(bytes).length;

/** What a browser's first visit fetches, as the HTML names it: scripts and stylesheets. */
function assetsOf(html) {
  const text = html.toString();
  const all = (re) => [...text.matchAll(re)].map((m) => m[1]);
  const js = new Set([
    ...all(/<script[^>]*\ssrc="([^"]+)"/g),
    ...all(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ...all(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g),
    // React Router's inline module script imports the entry and the route modules.
    ...all(/import\s*\(?\s*["']([^"']+\.m?js)["']/g),
  ]);
  const css = new Set([
    ...all(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g),
    ...all(/<link[^>]*href="([^"]+)"[^>]*rel="stylesheet"/g),
  ]);
  const inlineCss = all(/<style[^>]*>([\s\S]*?)<\/style>/g).join('').length;
  return { js: [...js], css: [...css], inlineCss };
}

/** Count, raw, gzip, brotli and as-served (Accept-Encoding: gzip, br) bytes of `urls`. */
async function assetTotals(base, urls) {
  const total = { count: urls.length, raw: 0, gzip: 0, br: 0, served: 0, encodings: new Set() };
  for (const url of urls) {
    const full = new URL(url, base).href;
    const { bytes } = await fetchRaw(full);
    const served = await request(full, { headers: { 'accept-encoding': 'gzip, br' } });
    total.raw += bytes.length;
    total.gzip += gzipSize(bytes);
    total.br += brotliSize(bytes);
    total.served += served.bytes.length;
    total.encodings.add(served.headers['content-encoding'] ?? 'identity');
  }
  return total;
}

/**
 * Saves each page's HTML as served (decoded) into `dir`, and beside it (`.gz`, `.br`) the
 * compressed bytes the server sends for that encoding; answers the pages with their bytes.
 */
export async function savePages(base, pages, dir) {
  fs.mkdirSync(dir, { recursive: true });
  const saved = [];
  for (const page of pages) {
    const { bytes } = await fetchRaw(`${base}${page.path}`);
    fs.writeFileSync(path.join(dir, page.name), bytes);
    for (const [encoding, suffix] of [
      ['gzip', 'gz'],
      ['br', 'br'],
    ]) {
      const answer = await request(`${base}${page.path}`, {
        headers: { 'accept-encoding': encoding },
      });
      if (answer.headers['content-encoding'] === encoding)
        fs.writeFileSync(path.join(dir, `${page.name}.${suffix}`), answer.bytes);
    }
    saved.push({ ...page, html: bytes });
  }
  return saved;
}

/**
 * Prints per page the HTML's bytes (raw, gzip -9, brotli, and as served for Accept-Encoding:
 * gzip, br) and the JS and CSS a first visit loads. `again` (the pages fetched later, after other
 * pages were rendered) shows whether a page's HTML depends on what was rendered before it.
 */
export async function printSizes(base, saved, again) {
  log('Sizes of the public pages (KB = 1024 bytes; served = what Accept-Encoding: gzip, br gets)');
  for (const [i, page] of saved.entries()) {
    const served = await request(`${base}${page.path}`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    const later = again?.[i]?.html.length;
    row(
      `${shown(page.path, 34)} HTML`,
      `raw ${kb(page.html.length)}${later !== undefined && later !== page.html.length ? ` (later ${kb(later)})` : ''}`,
      `gzip ${kb(gzipSize(page.html))}`,
      `br ${kb(brotliSize(page.html))}`,
      `served ${kb(served.bytes.length)} ${served.headers['content-encoding'] ?? 'identity'}`,
      `cache-control: ${served.headers['cache-control'] ?? '-'}`,
      served.headers.etag ? 'ETag' : 'no ETag',
    );
    const assets = assetsOf(page.html);
    for (const [kind, urls] of [
      ['JS', assets.js],
      ['CSS', assets.css],
    ]) {
      const t = await assetTotals(base, urls);
      row(
        `  ${kind} on first load`,
        `${t.count} files`,
        `raw ${kb(t.raw)}`,
        `gzip ${kb(t.gzip)}`,
        `br ${kb(t.br)}`,
        `served ${kb(t.served)} ${[...t.encodings].join('/') || '-'}`,
      );
    }
    if (assets.inlineCss) row('  CSS inline in the HTML', kb(assets.inlineCss));
  }
}

/**
 * Ours against nginx for each page: `rounds` rounds, each loading every page from ours then from
 * nginx (so other work on the machine hits both alike); prints medians per page.
 */
export async function comparePages({ base, pid, pages, tool, connections, seconds, rounds }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-portal-pages-'));
  // nginx's workers run as nobody when the bench runs as root: they must reach the files.
  fs.chmodSync(dir, 0o755);
  let nginx;
  try {
    const saved = await savePages(base, pages, path.join(dir, 'html'));
    nginx = await startNginx(path.join(dir, 'html'), path.join(dir, 'nginx'), 'index', {
      workers: 'auto',
      precompressed: true,
      html: true,
    });
    log(
      `Pages: ours against nginx ${nginx.version ?? ''} serving the same HTML and the same ` +
        `compressed bytes (gzip_static${nginx.brotli ? ', brotli_static' : ''}, ` +
        `one worker per core); ${tool} ${connections} connections, ${seconds} s, ` +
        `${rounds} round(s) taking turns, medians; Accept-Encoding: gzip on both`,
    );
    for (const page of saved) {
      const [a, b] = await Promise.all(
        [base, nginx.base].map((b) => request(`${b}${page.path}`, { headers: GZIP })),
      );
      row(
        `  ${page.name} as served with gzip accepted`,
        `ours ${kb(a.bytes.length)} ${a.headers['content-encoding'] ?? 'identity'}`,
        `nginx ${kb(b.bytes.length)} ${b.headers['content-encoding'] ?? 'identity'}`,
        a.bytes.equals(b.bytes) ? 'same bytes' : 'DIFFERENT bytes',
      );
      // Warm both (JIT, caches) before measuring.
      for (const b of [base, nginx.base])
        await load(tool, [get(`${b}${page.path}`, GZIP)], {
          connections,
          seconds: 1,
          scratch: dir,
          pid: b === base ? pid : undefined,
        });
    }
    const results = saved.map(() => ({ ours: [], nginx: [] }));
    for (let round = 0; round < rounds; round++) {
      for (const [i, page] of saved.entries()) {
        for (const side of ['ours', 'nginx']) {
          const url = `${side === 'ours' ? base : nginx.base}${page.path}`;
          const r = await load(tool, [get(url, GZIP)], {
            connections,
            seconds,
            scratch: dir,
            pid: side === 'ours' ? pid : undefined,
          });
          if (r.failed) console.warn(`  ${side} ${page.path}: ${r.failed} failed`);
          results[i][side].push(r);
        }
      }
    }
    console.log(
      `${'page'.padEnd(48)} ${'ours req/s'.padStart(10)}  ${'nginx req/s'.padStart(11)}  ratio (goal ≥ 50%)  our p99  nginx p99`,
    );
    const summary = [];
    for (const [i, page] of saved.entries()) {
      const m = (side, key) => median(results[i][side].map((r) => r[key]));
      const ratio = m('ours', 'rps') / m('nginx', 'rps');
      row(
        `GET ${shown(page.path, 44)}`,
        String(Math.round(m('ours', 'rps'))).padStart(10),
        String(Math.round(m('nginx', 'rps'))).padStart(11),
        `${(ratio * 100).toFixed(1).padStart(6)}% ${ratio >= 0.5 ? 'met   ' : 'not met'}`,
        ms(m('ours', 'p99')).padStart(9),
        ms(m('nginx', 'p99')).padStart(9),
      );
      summary.push({ page: page.path, ours: m('ours', 'rps'), nginx: m('nginx', 'rps'), ratio });
    }
    if (tool === 'wrk') {
      // autocannon is one Node thread: does it reach what wrk measures on nginx?
      const url = `${nginx.base}${saved[0].path}`;
      const ac = await load('autocannon', [get(url, GZIP)], { connections, seconds, scratch: dir });
      row(
        `nginx ${shown(saved[0].path, 20)} with autocannon instead`,
        `${Math.round(ac.rps)} req/s (wrk: ${Math.round(median(results[0].nginx.map((r) => r.rps)))})`,
      );
    }
    return { saved, summary };
  } finally {
    await nginx?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
