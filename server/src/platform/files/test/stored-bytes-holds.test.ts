import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, login, postFile, postForm, postJson } from '../../../test-kit/http.js';
import type { FileStorage } from '../storage.js';

/** Bytes that read as a PDF, different each time (no two share a hash). */
const pdf = (size = 4096) => {
  const bytes = randomBytes(size);
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  return bytes;
};
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Upload {
  fileId: number;
  url: string;
}

/**
 * Stored bytes go only when no use holds them, registered or pending: an
 * upload of the same bytes or a 秒传 not registered yet keeps them from the
 * deletion of the last drive resource over them and from the upload sweep.
 * Each interleaving is forced by doing the steps in order, or by a hook in
 * storage that runs the other side between the steps of an upload.
 */
describe('stored bytes under someone else’s pending upload', () => {
  let t: TestApp;
  let admin: TestStaff;
  let teacher: TestStaff;
  const token = { admin: '', teacher: '' };
  let folder = 0;
  let storage: FileStorage;
  /** Runs once, after storage answers the next `has` (an upload's look-up by hash). */
  let afterHas: (() => Promise<void>) | undefined;
  /** Runs once, after the next read's bytes were sent (a 秒传's check of the stored head). */
  let afterRead: (() => Promise<void>) | undefined;

  async function relogin() {
    token.admin = await login(t.app, admin);
    token.teacher = await login(t.app, teacher);
  }

  beforeAll(async () => {
    // The hooks below stand for the one read or look they are set for: no text of a PDF is
    // read in the background meanwhile (search inside documents would read its bytes).
    t = await createTestApp({ env: { PDFTOTEXT_PATH: 'off' } });
    admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    teacher = await createStaff(t.db, { name: '林老师' });
    await relogin();
    storage = t.services.files.storage;
    const has = storage.has.bind(storage);
    storage.has = async (key) => {
      const answer = await has(key);
      const hook = afterHas;
      afterHas = undefined;
      if (hook) await hook();
      return answer;
    };
    const read = storage.read.bind(storage);
    storage.read = (key, range) => {
      const hook = afterRead;
      afterRead = undefined;
      const source = read(key, range);
      if (!hook) return source;
      async function* thenHook(stream: Readable) {
        for await (const chunk of stream) yield chunk as Buffer;
        await hook!();
      }
      return (async function* () {
        yield* thenHook(source);
      })() as unknown as Readable;
    };
    folder = expectOk<{ fid: number }>(
      await postForm(
        t.app,
        '/api/resources/addFolder',
        { sType: 0, fName: '共享' },
        {
          token: token.admin,
        },
      ),
    ).fid;
  });
  afterAll(() => t?.close());

  const upload = async (who: string, bytes: Buffer) =>
    expectOk<Upload>(
      await postFile(
        t.app,
        '/api/resources/upload.do',
        { name: '讲义.pdf', data: bytes },
        {
          token: who,
        },
      ),
    );
  const byHash = async (who: string, bytes: Buffer) =>
    expectOk<Upload | null>(
      await postJson(
        t.app,
        '/api/resources/uploadByHash.do',
        { fileName: '讲义.pdf', sha256: sha256(bytes), fileSize: bytes.length },
        { token: who },
      ),
    );
  const register = async (who: string, url: string) =>
    expectOk<{ resourcesId: number }>(
      await postForm(
        t.app,
        '/api/resources/addResource',
        { fId: folder, resourcesType: '1', resourcesPath: url },
        { token: who },
      ),
    ).resourcesId;
  /** The administrator deletes a library file and purges it from the 回收站 at once. */
  const deleteForGood = async (resourcesId: number) => {
    expectOk(
      await postForm(t.app, '/api/resources/delResource', { resourcesId }, { token: token.admin }),
    );
    const bin = expectOk<{ list: Array<{ resId: number }> }>(
      await postForm(
        t.app,
        '/api/resources/getRecycleList',
        { scope: 'library' },
        {
          token: token.admin,
        },
      ),
    );
    for (const entry of bin.list) {
      expectOk(
        await postForm(
          t.app,
          '/api/resources/purgeResource',
          { resId: entry.resId },
          {
            token: token.admin,
          },
        ),
      );
    }
  };
  /** The admin's library file over `bytes`, registered from their own upload. */
  const libraryFile = async (bytes: Buffer) => {
    const first = await upload(token.admin, bytes);
    return { ...first, resourcesId: await register(token.admin, first.url) };
  };
  const keyOf = async (fileId: number) =>
    (
      await t.db
        .selectFrom('storedFile')
        .select('storageKey')
        .where('id', '=', fileId)
        .executeTakeFirst()
    )?.storageKey;
  /** The teacher registers `url`, which then reads back whole, its bytes stored. */
  const registerAndRead = async (url: string, bytes: Buffer) => {
    await register(token.teacher, url);
    const read = await t.app.inject({ url, headers: { authorization: `Bearer ${token.teacher}` } });
    expect(read.statusCode, read.body.slice(0, 200)).toBe(200);
    expect(read.rawPayload.equals(bytes)).toBe(true);
    const key = await keyOf(Number(url.split('/').pop()));
    expect(key && (await storage.has(key))).toBe(true);
  };

  it('an upload of the same bytes holds them first: deleting the last resource keeps them, its registration reads whole', async () => {
    const bytes = pdf();
    const first = await libraryFile(bytes);
    const key = await keyOf(first.fileId);
    const second = await upload(token.teacher, bytes);
    expect(second.fileId).toBe(first.fileId);
    await deleteForGood(first.resourcesId);
    expect(await storage.has(key!)).toBe(true);
    await registerAndRead(second.url, bytes);
  });

  it('a 秒传 holds them first: deleting the last resource keeps them, its registration reads whole', async () => {
    const bytes = pdf();
    const first = await libraryFile(bytes);
    const instant = await byHash(token.teacher, bytes);
    expect(instant?.fileId).toBe(first.fileId);
    await deleteForGood(first.resourcesId);
    await registerAndRead(instant!.url, bytes);
  });

  it('the delete wins: a 秒传 after it does not find the hash, and a real upload stores the bytes anew', async () => {
    const bytes = pdf();
    const first = await libraryFile(bytes);
    await deleteForGood(first.resourcesId);
    expect(await keyOf(first.fileId)).toBeUndefined();
    expect(await byHash(token.teacher, bytes)).toBeNull();
    const again = await upload(token.teacher, bytes);
    expect(again.fileId).not.toBe(first.fileId);
    await registerAndRead(again.url, bytes);
  });

  it('the delete passes between a 秒传 finding the hash and taking its hold: the 秒传 answers as for unknown bytes', async () => {
    const bytes = pdf();
    const first = await libraryFile(bytes);
    afterRead = () => deleteForGood(first.resourcesId);
    expect(await byHash(token.teacher, bytes)).toBeNull();
    expect(afterRead).toBeUndefined();
    expect(await keyOf(first.fileId)).toBeUndefined();
    const again = await upload(token.teacher, bytes);
    await registerAndRead(again.url, bytes);
  });

  it('the delete passes between an upload finding the same bytes and taking its hold: its own copy is kept', async () => {
    const bytes = pdf();
    const first = await libraryFile(bytes);
    afterHas = () => deleteForGood(first.resourcesId);
    const second = await upload(token.teacher, bytes);
    expect(afterHas).toBeUndefined();
    expect(second.fileId).not.toBe(first.fileId);
    await registerAndRead(second.url, bytes);
  });

  describe('at once, on two connections (PostgreSQL; SQLite runs one transaction at a time)', () => {
    /** PostgreSQL: until a statement of this database waits for a row lock. */
    const lockWaited = async () => {
      if (t.dialect !== 'postgres') return;
      for (;;) {
        const { rows } = await sql<{ waiting: string | number }>`
          select count(*) as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
        if (Number(rows[0]!.waiting) > 0) return;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    /** A file shared by hash that nothing uses or holds. */
    const unheld = async (bytes: Buffer) => {
      const { fileId } = await upload(token.admin, bytes);
      await t.db.deleteFrom('fileUse').where('fileId', '=', fileId).execute();
      return fileId;
    };

    it('a hold taken first makes a delete waiting for the file keep it', async () => {
      const bytes = pdf();
      const fileId = await unheld(bytes);
      let deleting: Promise<boolean> | undefined;
      // What a claim does: the row found (shared lock), the pending hold written, not yet committed.
      await t.db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('storedFile')
          .select('id')
          .where('id', '=', fileId)
          .$if(t.dialect === 'postgres', (qb) => qb.forShare())
          .execute();
        await trx
          .insertInto('fileUse')
          .values({ fileId, infoTable: 'T_DRIVE_UPLOAD', objId: teacher.id, pending: 1 })
          .execute();
        deleting = t.services.files.removeIfUnused(fileId, async () => false);
        await lockWaited();
      });
      expect(await deleting).toBe(false);
      expect(await storage.has((await keyOf(fileId))!)).toBe(true);
    });

    it('a delete taken first makes a claim waiting for the file find nothing', async () => {
      const bytes = pdf();
      const fileId = await unheld(bytes);
      const key = await keyOf(fileId);
      let claiming: Promise<boolean> | undefined;
      const removed = await t.services.files.removeIfUnused(fileId, async () => {
        claiming = t.services.files.claim(fileId, sha256(bytes), {
          table: 'T_DRIVE_UPLOAD',
          objId: teacher.id,
        });
        await lockWaited();
        return false;
      });
      expect(removed).toBe(true);
      expect(await claiming).toBe(false);
      expect(await storage.has(key!)).toBe(false);
      expect(await byHash(token.admin, bytes)).toBeNull();
    });
  });

  describe('the upload sweep', () => {
    /** Makes the admin's upload of `bytes` a day old, nobody having registered it. */
    const stale = async (bytes: Buffer) => {
      const old = await upload(token.admin, bytes);
      t.clock.advanceMinutes((t.config.pendingUploadHours + 1) * 60);
      await relogin();
      return old;
    };

    it('keeps bytes a fresh upload holds pending, and its registration reads whole', async () => {
      const bytes = pdf();
      const old = await stale(bytes);
      const fresh = await upload(token.teacher, bytes);
      expect(fresh.fileId).toBe(old.fileId);
      const swept = await t.services.uploadSweep.run();
      expect(swept.holds).toBeGreaterThanOrEqual(1);
      await registerAndRead(fresh.url, bytes);
    });

    it('sweeps between an upload finding the same bytes and taking its hold: its own copy is kept', async () => {
      const bytes = pdf();
      const old = await stale(bytes);
      afterHas = async () => {
        await t.services.uploadSweep.run();
      };
      const fresh = await upload(token.teacher, bytes);
      expect(afterHas).toBeUndefined();
      expect(await keyOf(old.fileId)).toBeUndefined();
      expect(fresh.fileId).not.toBe(old.fileId);
      await registerAndRead(fresh.url, bytes);
    });
  });
});
