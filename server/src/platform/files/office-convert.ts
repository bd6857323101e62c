import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** Office documents LibreOffice turns into PDF pages (issue 19). */
export const OFFICE_EXTENSIONS: ReadonlySet<string> = new Set([
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'rtf',
]);

/** The most of soffice's own words a failure keeps. */
const OUTPUT_MAX = 2000;

/**
 * Converts one office document to PDF with LibreOffice headless, in a
 * folder of its own under the system's temp folder: the document, a fresh
 * LibreOffice profile (-env:UserInstallation, so runs never share or lock
 * one, and a run killed half-way leaves nothing behind for the next) and the
 * PDF. soffice runs in its own process group, killed whole (soffice.bin with
 * it) when `signal` aborts. `use` gets the PDF's path; the folder goes
 * afterwards, whatever happened.
 */
export async function convertToPdf<T>(
  soffice: string,
  source: Readable,
  extension: string,
  signal: AbortSignal,
  use: (pdfPath: string) => Promise<T>,
): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'school-office-'));
  try {
    const input = path.join(dir, `document.${extension}`);
    await pipeline(source, fs.createWriteStream(input));
    const outDir = path.join(dir, 'out');
    await fs.promises.mkdir(outDir);
    await run(
      soffice,
      [
        '--headless',
        '--invisible',
        '--nologo',
        '--norestore',
        '--nolockcheck',
        '--nodefault',
        `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
        '--convert-to',
        'pdf',
        '--outdir',
        outDir,
        input,
      ],
      { HOME: dir },
      signal,
    );
    const pdf = path.join(outDir, 'document.pdf');
    const stat = await fs.promises.stat(pdf).catch(() => undefined);
    // soffice answers 0 for a document it could not read too: no PDF is the failure.
    if (!stat || stat.size === 0) throw new Error('LibreOffice 未生成 PDF');
    return await use(pdf);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

function run(
  command: string,
  args: string[],
  env: Record<string, string>,
  signal: AbortSignal,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const child = spawn(command, args, {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-OUTPUT_MAX);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    signal.addEventListener('abort', kill, { once: true });
    child.on('error', (err) => {
      signal.removeEventListener('abort', kill);
      reject(err);
    });
    child.on('close', (code, killedBy) => {
      signal.removeEventListener('abort', kill);
      // Whatever soffice left running in its group goes with it.
      kill();
      if (signal.aborted) reject(signal.reason);
      else if (code === 0) resolve();
      else reject(new Error(`LibreOffice 退出（${code ?? killedBy}）：${output.trim()}`));
    });
  });
}
