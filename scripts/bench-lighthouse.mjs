// Lighthouse (npm lighthouse 12, its CLI) in `npm run bench`: mobile performance and
// accessibility of /index and an article, with Debian's chromium (CHROME_PATH, default
// /usr/bin/chromium) headless. Lighthouse's mobile run throttles by simulation (Lantern), so its
// scores depend little on the machine's other work, but they do move by a few points run to run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { row } from './bench-util.mjs';
import { aptInstall, log, root } from './lib.mjs';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function lighthouse(url, output) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules', 'lighthouse', 'cli', 'index.js'),
        url,
        '--quiet',
        '--form-factor=mobile',
        '--only-categories=performance,accessibility',
        '--output=json',
        `--output-path=${output}`,
        `--chrome-flags=${FLAGS.join(' ')}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: CHROME } },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`lighthouse ${url}: exit ${code}`)),
    );
  });
}

/** Runs Lighthouse on each of `pages` ({ path }) at `base` and prints the scores. */
export async function benchLighthouse(base, pages) {
  if (!fs.existsSync(CHROME)) await aptInstall(['chromium'], 'Lighthouse needs chromium');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-portal-lighthouse-'));
  log('Lighthouse (mobile, simulated throttling): performance and accessibility, goal ≥ 95');
  try {
    for (const page of pages) {
      const output = path.join(dir, 'report.json');
      // A trace that failed to record (NO_NAVSTART on a busy machine) is tried once more.
      const done = await lighthouse(`${base}${page.path}`, output)
        .catch(() => lighthouse(`${base}${page.path}`, output))
        .then(
          () => true,
          (err) => row(`Lighthouse ${page.path.slice(0, 36)}`, `failed: ${err.message}`),
        );
      if (!done) continue;
      const report = JSON.parse(fs.readFileSync(output, 'utf8'));
      const score = (name) => Math.round((report.categories[name]?.score ?? 0) * 100);
      const audit = (name) => report.audits[name]?.displayValue ?? '-';
      row(
        `Lighthouse ${report.lighthouseVersion} ${page.path.slice(0, 24)}`,
        `performance ${score('performance')}`,
        `accessibility ${score('accessibility')}`,
        `FCP ${audit('first-contentful-paint')}`,
        `LCP ${audit('largest-contentful-paint')}`,
        `TBT ${audit('total-blocking-time')}`,
        `CLS ${audit('cumulative-layout-shift')}`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
