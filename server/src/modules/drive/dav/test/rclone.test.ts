import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { davPerson, type DavPerson } from './dav-kit.js';

const run = promisify(execFile);

let t: TestApp;
let person: DavPerson;
let base: string;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rclone-'));

beforeAll(async () => {
  t = await createTestApp();
  person = await davPerson(t, {}, 'rclone');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Debian's rclone (scripts/test.mjs installs it) with a WebDAV remote "school" from the environment. */
async function rclone(...args: string[]) {
  const { stdout: obscured } = await run('rclone', ['obscure', person.appPassword]);
  const env = {
    ...process.env,
    RCLONE_CONFIG: path.join(work, 'rclone.conf'),
    RCLONE_CONFIG_SCHOOL_TYPE: 'webdav',
    RCLONE_CONFIG_SCHOOL_URL: `${base}/dav/`,
    RCLONE_CONFIG_SCHOOL_VENDOR: 'other',
    RCLONE_CONFIG_SCHOOL_USER: person.code,
    RCLONE_CONFIG_SCHOOL_PASS: obscured.trim(),
  };
  return run('rclone', [...args, '--retries', '1', '--low-level-retries', '1'], {
    env,
    timeout: 120_000,
  });
}

/** Every file below `root`, by its path, with its bytes. */
function tree(root: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(path.relative(root, full), fs.readFileSync(full));
    }
  };
  walk(root);
  return files;
}

it(
  'copies a folder tree with Chinese names up and back byte-identical',
  { timeout: 180_000 },
  async () => {
    const source = path.join(work, '上传');
    const put = (name: string, bytes: Buffer | string) => {
      fs.mkdirSync(path.dirname(path.join(source, name)), { recursive: true });
      fs.writeFileSync(path.join(source, name), bytes);
    };
    const pdf = randomBytes(300_000);
    pdf.write('%PDF-1.4\n', 0, 'latin1');
    put('高一物理/第一章 运动的描述/教案 第1课时.pdf', pdf);
    put(
      '高一物理/第一章 运动的描述/随堂练习.txt',
      '1. 质点是理想化模型吗？\n2. 参考系如何选择？\n',
    );
    put('高一物理/实验报告/打点计时器 (测速度).txt', '实验目的：练习使用打点计时器。\n');
    put('高一物理/说明', '没有扩展名的文件也要原样往返。\n');
    put('空白笔记.txt', '');
    await rclone('copy', source, 'school:disk/备份');
    const back = path.join(work, '下载');
    await rclone('copy', 'school:disk/备份', back);
    const sent = tree(source);
    const received = tree(back);
    expect([...received.keys()].sort()).toEqual([...sent.keys()].sort());
    for (const [name, bytes] of sent) expect(received.get(name)!.equals(bytes), name).toBe(true);
    // The drive's own files are what the page lists; 说明 (no extension) stays a working file.
    const names = await t.db
      .selectFrom('driveResource')
      .select('name')
      .where('ownerId', '=', person.id)
      .execute();
    expect(names.map((row) => row.name).sort()).toEqual(
      ['打点计时器 (测速度).txt', '教案 第1课时.pdf', '随堂练习.txt'].sort(),
    );
  },
);
