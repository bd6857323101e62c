import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test-kit/app.js';
import { expectOk, expectRefusal } from '../../test-kit/http.js';

describe('api/health and api/ready', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const get = (url: string) => t!.app.inject({ method: 'GET', url });

  it('both answer status 0 while the database, storage and job queue work', async () => {
    t = await createTestApp();
    expect(expectOk(await get('/api/health'))).toEqual({ database: 'up' });
    expect(expectOk(await get('/api/ready'))).toEqual({
      database: 'up',
      storage: 'up',
      jobs: 'up',
    });
    // The storage probe leaves nothing behind.
    const files = path.join(t.config.dataDir, 'files');
    const left = fs
      .readdirSync(files, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile());
    expect(left).toEqual([]);
  });

  it('ready answers 503 naming the file storage when its folder cannot be written', async () => {
    t = await createTestApp();
    // Tests run as root, whom permissions do not stop: the folder is replaced by a file.
    const files = path.join(t.config.dataDir, 'files');
    fs.rmSync(files, { recursive: true, force: true });
    fs.writeFileSync(files, 'not a folder');
    expectRefusal(await get('/api/ready'), 503, '服务未就绪：文件存储不可用');
    // Alive all the same: the process answers.
    expect(expectOk(await get('/api/health'))).toEqual({ database: 'up' });
    fs.rmSync(files);
    fs.mkdirSync(path.join(files, '.partial'), { recursive: true });
    expectOk(await get('/api/ready'));
  });

  it('ready answers 503 naming the database and the job queue when the database is closed; health stays 200', async () => {
    t = await createTestApp();
    expectOk(await get('/api/ready'));
    await t.db.destroy();
    expectRefusal(await get('/api/ready'), 503, '服务未就绪：数据库、任务队列不可用');
    expect(expectOk(await get('/api/health'))).toEqual({ database: 'down' });
  });

  it('ready writes to the storage at most once a minute, however many ask at once', async () => {
    t = await createTestApp();
    const writes = vi.spyOn(t.services.files.storage, 'put');
    const answers = await Promise.all(Array.from({ length: 50 }, () => get('/api/ready')));
    for (const answer of answers) expectOk(answer);
    for (let i = 0; i < 50; i += 1) expectOk(await get('/api/ready'));
    expect(writes).toHaveBeenCalledTimes(1);
    t.clock.advanceMinutes(1);
    expectOk(await get('/api/ready'));
    expectOk(await get('/api/ready'));
    expect(writes).toHaveBeenCalledTimes(2);
  });
});
