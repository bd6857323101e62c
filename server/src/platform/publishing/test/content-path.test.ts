import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { CmsNewsService } from '../../../modules/news/admin-service.js';
import { seedVideoTypes } from '../../../modules/video/service.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createNews, createStaff, readerOf, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../../test-kit/http.js';

/**
 * The one content path (issue 17), for every kind of authored item: a save
 * carries the version its form was read at and a concurrent change answers
 * 409 with nothing written; versions are kept and restored alike; a
 * teacher's edit goes back to review.
 */

const CONCURRENT = '内容刚被他人修改，请刷新后重试';

interface Form {
  version: number;
  [field: string]: unknown;
}

/** What the tests need to know of one kind: its calls, its id's name and its title field. */
interface Kind {
  name: string;
  base: string;
  idName: string;
  titleField: string;
  /** The fields every save of the kind sends besides its id and title. */
  fields: () => Record<string, unknown>;
  /** Who writes the item in the tests: its author. */
  author: () => string;
}

/**
 * The database as `parties` concurrent calls see it: each call's writing
 * transaction starts only when all of them have got that far, i.e. after
 * every one has read the row it is about to change.
 */
function meetBeforeWriting(db: Kysely<Database>, parties: number): Kysely<Database> {
  let arrived = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction') {
        return () => ({
          execute: async <T>(work: (trx: Kysely<Database>) => Promise<T>) => {
            if (++arrived >= parties) open();
            await gate;
            return target.transaction().execute(work);
          },
        });
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('one content path: version, review and revisions for every kind', () => {
  let t: TestApp;
  let teacher: TestStaff;
  let admin: TestStaff;
  const token = { teacher: '', other: '', admin: '' };
  let topicId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await seedVideoTypes(t.db);
    teacher = await createStaff(t.db, { name: '内容老师' });
    const other = await createStaff(t.db, { name: '别的老师' });
    admin = await createStaff(t.db, { name: '内容管理员', staffType: 5, isPower: 1 });
    token.teacher = await login(t.app, teacher);
    token.other = await login(t.app, other);
    token.admin = await login(t.app, admin);
    topicId = await createNews(t.services, { typeId: 4, title: '读书节专题' }, teacher);
  });
  afterAll(() => t?.close());

  const KINDS: Kind[] = [
    {
      name: 'news',
      base: 'news',
      idName: 'newId',
      titleField: 'newsTitle',
      fields: () => ({ typeId: 2 }),
      author: () => token.teacher,
    },
    {
      name: 'subject news',
      base: 'subject',
      idName: 'subjectNewId',
      titleField: 'newsTitle',
      fields: () => ({ newId: topicId }),
      author: () => token.teacher,
    },
    {
      name: 'video',
      base: 'video',
      idName: 'videoId',
      titleField: 'videoTitle',
      fields: () => ({ typeId: 2 }),
      author: () => token.teacher,
    },
    {
      name: 'intro page',
      base: 'wwfz',
      idName: 'wwfzId',
      titleField: 'wwfzTitle',
      fields: () => ({ wwfzType: 5 }),
      author: () => token.admin,
    },
    {
      name: 'intro person',
      base: 'fmsm',
      idName: 'fmsmId',
      titleField: 'fmsmTitle',
      fields: () => ({ fmsmType: 3 }),
      author: () => token.admin,
    },
  ];

  const cms = (kind: Kind, call: string, body: Record<string, unknown>, who: string) =>
    postJson(t.app, `/api/cms/${kind.base}/${call}`, body, { token: who });
  const create = async (kind: Kind, title: string) =>
    expectOk<Record<string, number>>(
      await cms(kind, 'save', { ...kind.fields(), [kind.titleField]: title }, kind.author()),
    )[kind.idName]!;
  const form = async (kind: Kind, id: number, who = token.admin) =>
    expectOk<Form>(await cms(kind, 'get', { [kind.idName]: id }, who));
  const saveBody = (kind: Kind, id: number, title: string, version?: number | string) => ({
    ...kind.fields(),
    [kind.idName]: id,
    [kind.titleField]: title,
    ...(version === undefined ? {} : { version }),
  });
  const revisionCount = async (kind: Kind, id: number) =>
    expectOk<unknown[]>(await cms(kind, 'revisions', { [kind.idName]: id }, token.admin)).length;

  describe.each(KINDS)('$name', (kind) => {
    it('answers 409 to a save made from an out-of-date form, and writes nothing', async () => {
      const id = await create(kind, '第一稿');
      const read = await form(kind, id);
      expect(read.version).toEqual(expect.any(Number));
      const versions = await revisionCount(kind, id);

      // Two editors read the same form; the first saves.
      expectOk(await cms(kind, 'save', saveBody(kind, id, '甲的修改', read.version), token.admin));
      const after = await form(kind, id);
      expect(after.version).toBeGreaterThan(read.version);

      // The second saves from the form they read before: refused, nothing written.
      expectRefusal(
        await cms(kind, 'save', saveBody(kind, id, '乙的修改', read.version), kind.author()),
        409,
        CONCURRENT,
      );
      const kept = await form(kind, id);
      expect(kept[kind.titleField]).toBe('甲的修改');
      expect(kept.version).toBe(after.version);
      expect(await revisionCount(kind, id)).toBe(versions + 1);

      // Read again, the save goes through; as a form it sends the version as text.
      const saved = await postForm(
        t.app,
        `/api/cms/${kind.base}/save`,
        saveBody(kind, id, '乙重新读过后的修改', String(kept.version)) as Record<string, string>,
        { token: token.admin },
      );
      expectOk(saved);
      expect((await form(kind, id))[kind.titleField]).toBe('乙重新读过后的修改');

      // The spec's original client sends no version ('' or none): the save goes through.
      expectOk(
        await postForm(
          t.app,
          `/api/cms/${kind.base}/save`,
          saveBody(kind, id, '不带版本的修改', '') as Record<string, string>,
          { token: token.admin },
        ),
      );
      expectOk(await cms(kind, 'save', saveBody(kind, id, '也不带版本'), token.admin));
      expect((await form(kind, id))[kind.titleField]).toBe('也不带版本');

      // A version that is not one is bad input, not a conflict.
      expectRefusal(
        await cms(kind, 'save', saveBody(kind, id, '坏版本', -1), token.admin),
        400,
        '版本号不正确，请刷新后重试',
      );
    });

    it('restores an earlier version as a new one', async () => {
      const id = await create(kind, '原稿');
      expectOk(await cms(kind, 'save', saveBody(kind, id, '改稿'), token.admin));
      const before = await form(kind, id);
      const revisions = expectOk<Array<{ revisionId: number }>>(
        await cms(kind, 'revisions', { [kind.idName]: id }, token.admin),
      );
      expect(revisions).toHaveLength(2);
      const original = revisions[1]!.revisionId;
      const shown = expectOk<Record<string, unknown>>(
        await cms(kind, 'revision', { revisionId: original }, token.admin),
      );
      expect(shown[kind.titleField]).toBe('原稿');

      const restored = expectOk<Record<string, number>>(
        await cms(kind, 'restore', { [kind.idName]: id, revisionId: original }, token.admin),
      );
      expect(restored).toEqual({ [kind.idName]: id });
      const after = await form(kind, id);
      expect(after[kind.titleField]).toBe('原稿');
      // A restore is a write like a save: forms read before it are out of date.
      expect(after.version).toBeGreaterThan(before.version);
      expect(await revisionCount(kind, id)).toBe(3);
      expectRefusal(
        await cms(kind, 'save', saveBody(kind, id, '过时的表单', before.version), token.admin),
        409,
        CONCURRENT,
      );

      // A version of another item is not this item's.
      const other = await create(kind, '另一篇');
      expectRefusal(
        await cms(kind, 'restore', { [kind.idName]: other, revisionId: original }, token.admin),
        404,
        '该版本不存在',
      );
    });
  });

  /** A teacher's news item or video, taken through review onto the portal. */
  async function published(kind: Kind, title: string) {
    const id = await create(kind, title);
    const step = async (call: string, who: string) =>
      expectOk(await cms(kind, call, { [kind.idName]: id }, who));
    await step('submit', token.teacher);
    await step('approve', token.admin);
    expect(await form(kind, id)).toMatchObject({ reviewState: 'approved', ifShelves: 1 });
    return id;
  }

  describe.each(KINDS.slice(0, 3).filter((k) => k.base !== 'subject'))('$name', (kind) => {
    it('a teacher’s edit goes back to draft and off the portal; an administrator’s keeps it', async () => {
      const id = await published(kind, '已上架的稿子');
      expectOk(await cms(kind, 'save', saveBody(kind, id, '管理员改了一个字'), token.admin));
      expect(await form(kind, id)).toMatchObject({ reviewState: 'approved', ifShelves: 1 });

      const read = await form(kind, id, token.teacher);
      expectOk(
        await cms(kind, 'save', saveBody(kind, id, '老师改了内容', read.version), token.teacher),
      );
      expect(await form(kind, id)).toMatchObject({
        reviewState: 'draft',
        ifShelves: 0,
        live: false,
      });
      // Back through review, as any draft.
      expectOk(await cms(kind, 'submit', { [kind.idName]: id }, token.teacher));
      expect(await form(kind, id)).toMatchObject({ reviewState: 'submitted' });
    });

    it('a review step makes an open form out of date', async () => {
      const id = await create(kind, '待审核的稿子');
      expectOk(await cms(kind, 'submit', { [kind.idName]: id }, token.teacher));
      const read = await form(kind, id, token.teacher);
      expectOk(await cms(kind, 'approve', { [kind.idName]: id }, token.admin));
      expectRefusal(
        await cms(kind, 'save', saveBody(kind, id, '审核后才保存', read.version), token.teacher),
        409,
        CONCURRENT,
      );
      expect(await form(kind, id)).toMatchObject({
        reviewState: 'approved',
        [kind.titleField]: '待审核的稿子',
      });
    });
  });

  it('subject news: a teacher’s edit sends its special topic back to review', async () => {
    const kind = KINDS[1]!;
    const topic = (who = token.admin) =>
      postJson(t.app, '/api/cms/news/get', { newId: topicId }, { token: who });
    const topicStep = async (call: string, who: string) =>
      expectOk(await postJson(t.app, `/api/cms/news/${call}`, { newId: topicId }, { token: who }));
    const republish = async () => {
      const state = expectOk<{ reviewState: string }>(await topic());
      if (state.reviewState !== 'approved') {
        if (state.reviewState !== 'submitted') await topicStep('submit', token.teacher);
        await topicStep('approve', token.admin);
      }
    };
    const id = await create(kind, '子新闻');
    await republish();
    expect(expectOk(await topic())).toMatchObject({ reviewState: 'approved', ifShelves: 1 });

    // An administrator's edit of a sub-news leaves the topic where it is.
    expectOk(await cms(kind, 'save', saveBody(kind, id, '管理员改子新闻'), token.admin));
    expect(expectOk(await topic())).toMatchObject({ reviewState: 'approved', ifShelves: 1 });

    // A teacher's edit is a change to the topic the public reads: back to draft, off the portal.
    const read = await form(kind, id, token.teacher);
    expectOk(
      await cms(kind, 'save', saveBody(kind, id, '老师改子新闻', read.version), token.teacher),
    );
    expect(expectOk(await topic())).toMatchObject({ reviewState: 'draft', ifShelves: 0 });
    expectRefusal(
      await postForm(t.app, '/api/news/getSubjectNewsList', { newId: topicId }),
      404,
      '内容不存在或已下架',
    );
    await republish();
    const list = expectOk<{ list: Array<{ newsTitle: string }> }>(
      await postForm(t.app, '/api/news/getSubjectNewsList', { newId: topicId, pageSize: 50 }),
    ).list;
    expect(list.map((row) => row.newsTitle)).toContain('老师改子新闻');
  });

  it.each(KINDS.slice(3))(
    '$name: only administrators write it, so no teacher’s edit needs a review',
    async (kind) => {
      const id = await create(kind, '学校介绍');
      const read = await form(kind, id);
      expectRefusal(
        await cms(kind, 'save', saveBody(kind, id, '老师想改', read.version), token.teacher),
        403,
        '只有管理员可以进行此操作',
      );
      expect(await form(kind, id)).toMatchObject({
        [kind.titleField]: '学校介绍',
        version: read.version,
      });
    },
  );

  it('news: of two saves that read the item at once, one answers 409 (no lost edit)', async () => {
    const newId = await create(KINDS[0]!, '同时编辑的新闻');
    const racing = new CmsNewsService(
      meetBeforeWriting(t.db, 2),
      t.services.search,
      t.clock.now,
      t.services.files,
    );
    const as = { ...readerOf(admin) };
    const results = await Promise.allSettled([
      racing.save({ newId, typeId: 2, title: '甲的标题' }, as, '10.0.0.1'),
      racing.save({ newId, typeId: 2, title: '乙的标题' }, as, '10.0.0.2'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refusal.reason).toMatchObject({ statusCode: 409, message: CONCURRENT });
    const won = results.findIndex((r) => r.status === 'fulfilled') === 0 ? '甲的标题' : '乙的标题';
    expect((await form(KINDS[0]!, newId)).newsTitle).toBe(won);
    // One save, one version and one log row: the loser left nothing behind.
    expect(await revisionCount(KINDS[0]!, newId)).toBe(2);
  });

  it('refuses the other teacher’s save whatever version they send', async () => {
    const newId = await create(KINDS[0]!, '别人的新闻');
    const read = await form(KINDS[0]!, newId);
    expectRefusal(
      await cms(KINDS[0]!, 'save', saveBody(KINDS[0]!, newId, '冒改', read.version), token.other),
      403,
      '只能修改自己发布的内容',
    );
  });
});
