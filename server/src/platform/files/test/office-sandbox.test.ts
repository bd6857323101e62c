import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { makePptx } from '../../../seed/demo-office.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createFile, createStaff } from '../../../test-kit/factories.js';
import { jobRow } from '../../jobs/queue.js';
import { convertToPdf } from '../office-convert.js';
import { limitedCommand, sandboxArgs, type Converter } from '../office-sandbox.js';
import { benignDocument, endlessSheet, hostileCorpus } from './office-corpus.js';

/** The text of every page of a PDF (pdf.js), spaces dropped: what a reader copies or searches. */
async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
  }
  await doc.destroy();
  return text.replace(/\s+/g, '');
}

const soffice = loadConfig({}).sofficePath!;
const converter = (limits: Partial<Converter> = {}): Converter => ({
  soffice,
  bwrap: '/usr/bin/bwrap',
  memoryMb: 1024,
  cpuSeconds: 60,
  ...limits,
});

/** The PDF's text, or the conversion's failure. */
async function convert(
  data: Buffer,
  extension: string,
  options: { limits?: Partial<Converter>; signal?: AbortSignal } = {},
): Promise<{ text: string } | { error: string }> {
  try {
    const text = await convertToPdf(
      converter(options.limits),
      Readable.from(data),
      extension,
      options.signal ?? AbortSignal.timeout(90_000),
      async (pdf) => pdfText(fs.readFileSync(pdf)),
    );
    return { text };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/** Processes running now: pid, parent, and the command. */
function processes(): Array<{ pid: number; ppid: number; args: string }> {
  return execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [, pid, ppid, args] = line.match(/^\s*(\d+)\s+(\d+)\s+(.*)$/)!;
      return { pid: Number(pid), ppid: Number(ppid), args: args! };
    });
}

function descendants(root: number): Array<{ pid: number; args: string }> {
  const all = processes();
  const found: Array<{ pid: number; args: string }> = [];
  const walk = (parent: number) => {
    for (const child of all.filter((p) => p.ppid === parent)) {
      found.push(child);
      walk(child.pid);
    }
  };
  walk(root);
  return found;
}

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`);

async function until(what: string, test: () => boolean | Promise<boolean>, tries = 600) {
  for (let i = 0; i < tries; i++) {
    if (await test()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never: ${what}`);
}

describe('the sealed office converter', () => {
  const marker = `SECRET${randomBytes(6).toString('hex').toUpperCase()}`;
  const requests: string[] = [];
  let listener: http.Server;
  let secrets: string;
  let web = '';

  beforeAll(async () => {
    // Files outside any conversion's input, each holding the marker.
    secrets = fs.mkdtempSync(path.join(os.tmpdir(), 'office-secrets-'));
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><text x="10" y="50" font-size="30">${marker}</text></svg>`;
    fs.writeFileSync(path.join(secrets, 'secret.svg'), svg);
    fs.writeFileSync(path.join(secrets, 'secret.txt'), `${marker}\n`);
    fs.writeFileSync(
      path.join(secrets, 'secret.html'),
      `<html><body><p>${marker}</p></body></html>`,
    );
    fs.writeFileSync(path.join(secrets, 'secret.csv'), `${marker},1\n`);
    // An HTTP listener that answers everything with the marker, and notes every request.
    listener = http.createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      response.setHeader(
        'content-type',
        request.url?.endsWith('.svg') ? 'image/svg+xml' : 'text/html',
      );
      response.end(request.url?.endsWith('.svg') ? svg : `<p>${marker}</p>`);
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    web = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => listener?.close(resolve));
    fs.rmSync(secrets, { recursive: true, force: true });
  });

  it('converts a benign document, its own words in the PDF (the control the checks below rely on)', async () => {
    const result = await convert(await benignDocument(`BENIGN-${marker} 班会课记录`), 'odt');
    expect(result).toEqual({ text: `BENIGN-${marker}班会课记录` });
  });

  it('reads no file outside its input and fetches no address, whatever the document links', async () => {
    const pptx = await makePptx({ title: 'CORPUS-pptx', points: ['linked'], table: [['a', 'b']] });
    const corpus = await hostileCorpus({ file: `file://${secrets}`, web }, pptx);
    const converted: string[] = [];
    for (const doc of corpus) {
      const result = await convert(doc.data, doc.extension);
      if ('text' in result) {
        expect.soft(result.text, doc.name).not.toContain(marker);
        if (result.text.includes(`CORPUS-${doc.name}`)) converted.push(doc.name);
      }
    }
    expect(requests).toEqual([]);
    // The corpus was read, not refused whole: its documents' own words are in their PDFs.
    expect(converted).toEqual(
      expect.arrayContaining([
        'odt-picture-file',
        'odt-picture-web',
        'docx',
        'xlsx',
        'rtf',
        'fodt',
      ]),
    );
  }, 600_000);

  it('sees no network, no process and none of the host’s own folders inside the sandbox', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'office-look-'));
    try {
      const [command, ...args] = sandboxArgs('/usr/bin/bwrap', dir, soffice);
      const look = (script: string) =>
        execFileSync(command!, [...args, '/bin/sh', '-c', script], { encoding: 'utf8' }).trim();
      const hidden = [secrets, process.cwd(), os.homedir(), '/root', '/home', '/work', '/srv'];
      expect(look(`for f in ${hidden.join(' ')}; do test -e "$f" && echo "$f"; done; true`)).toBe(
        '',
      );
      expect(look('ls /tmp | wc -l')).toBe('0');
      expect(look("tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '")).toBe('lo');
      expect(look('ls /proc | grep -c "^[0-9]"')).toMatch(/^[1-4]$/);
      expect(look('touch /usr/x 2>&1 || echo refused')).toContain('refused');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails a conversion that passes its memory cap, never hanging or running on', async () => {
    const result = await convert(await benignDocument('小内存'), 'odt', {
      limits: { memoryMb: 64 },
    });
    expect(result).toMatchObject({ error: expect.stringMatching(/LibreOffice/) });
  });

  it('kills a document that hangs the converter at its processor cap', async () => {
    const result = await convert(await endlessSheet(), 'ods', { limits: { cpuSeconds: 2 } });
    expect(result).toMatchObject({ error: expect.stringMatching(/LibreOffice 退出/) });
  });

  it('takes the whole sandbox down when the process that started the conversion dies', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'office-orphan-'));
    // soffice with no document to convert stays up, as one stuck on a document does.
    const command = [
      ...sandboxArgs('/usr/bin/bwrap', dir, soffice),
      ...limitedCommand(converter(), [
        '--headless',
        '--invisible',
        '--norestore',
        '-env:UserInstallation=file:///job/profile',
      ]),
    ];
    // A worker process that starts the conversion as the server does, then is killed -9.
    const parent = spawn(
      process.execPath,
      [
        '-e',
        'require("node:child_process").spawn(process.argv[1], process.argv.slice(2), { stdio: "ignore" }); setInterval(() => {}, 1000);',
        ...command,
      ],
      { stdio: 'ignore' },
    );
    try {
      await until('soffice runs', () =>
        descendants(parent.pid!).some((p) => p.args.includes('soffice.bin')),
      );
      const sandboxed = descendants(parent.pid!);
      process.kill(parent.pid!, 'SIGKILL');
      await until('the sandbox is gone', () => !sandboxed.some((p) => alive(p.pid)));
      expect(sandboxed.filter((p) => alive(p.pid))).toEqual([]);
    } finally {
      if (alive(parent.pid!)) process.kill(parent.pid!, 'SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('office previews on a site whose converter hangs or cannot be sealed', () => {
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it('kills a hanging conversion at the time-out while the site keeps answering', async () => {
    t = await createTestApp({ env: { OFFICE_PREVIEW_TIMEOUT_SECONDS: '4' } });
    await t.app.ready();
    const teacher = await createStaff(t.db, { name: '钱老师' });
    const file = await createFile(
      t.services,
      '无尽.ods',
      'application/octet-stream',
      await endlessSheet(),
      teacher.id,
    );
    expect((await t.services.officePreviews.forFile(file, 'ods', teacher.id)).state).toBe(
      'pending',
    );
    const key = (
      await t.db
        .selectFrom('job')
        .select('key')
        .where('kind', '=', 'office-preview')
        .executeTakeFirstOrThrow()
    ).key;
    await until('the conversion runs', async () => (await jobRow(t!.db, key))?.state === 'running');
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    await until(
      'the time-out ends it',
      async () => (await jobRow(t!.db, key))?.error === '超过4秒未完成',
    );
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // Nothing of it runs on: no soffice under this process.
    await until(
      'soffice is gone',
      () => !descendants(process.pid).some((p) => p.args.includes('soffice')),
    );
    await t.close();
    t = undefined;
  });

  it('previews nothing where bubblewrap fails its check, and says so at start', async () => {
    const warnings: string[] = [];
    t = await createTestApp({ env: { BWRAP_PATH: '/bin/false' } });
    expect(t.services.officePreviews.sandboxProblem).toBeTruthy();
    await t.services.officePreviews.schedule({ warn: (message) => warnings.push(message) });
    expect(warnings.join('\n')).toContain('office previews are off');
    const teacher = await createStaff(t.db, { name: '孙老师' });
    const file = await createFile(
      t.services,
      'a.docx',
      'application/octet-stream',
      Buffer.from('x'),
      teacher.id,
    );
    expect(await t.services.officePreviews.forFile(file, 'docx', teacher.id)).toEqual({
      state: 'unsupported',
    });
    const missing = await createTestApp({ env: { BWRAP_PATH: '/nowhere/bwrap' } });
    expect(missing.services.officePreviews.available).toBe(false);
    await missing.close();
  });
});
