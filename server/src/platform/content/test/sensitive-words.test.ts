import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVideoTypes } from '../../../modules/video/service.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createNews, createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';
import { SensitiveWords } from '../sensitive-words.js';
import { WordMatcher } from '../word-matcher.js';

/**
 * The sensitive-word check, through the HTTP API as the pages send
 * it (form-encoded): the list content administrators keep, the editor's check,
 * and the review steps that refuse a teacher's submit with hits and want an
 * administrator's confirmation (logged) to publish.
 */

interface Hit {
  word: string;
  level: 'block' | 'warn';
  field: 'title' | 'content';
  count: number;
  part: string | null;
}
interface WordRow {
  wordId: number;
  word: string;
  level: 'block' | 'warn';
  staffName: string;
  createDate: string;
}

const ADMIN_ONLY = '只有管理员可以进行此操作';

describe('sensitive words', () => {
  let t: TestApp;
  let teacher: TestStaff;
  let admin: TestStaff;
  const token = { teacher: '', admin: '' };

  beforeAll(async () => {
    t = await createTestApp();
    await seedVideoTypes(t.db);
    teacher = await createStaff(t.db, { name: '语文老师' });
    admin = await createStaff(t.db, { name: '网站管理员', staffType: 5, isPower: 1 });
    token.teacher = await login(t.app, teacher);
    token.admin = await login(t.app, admin);
  });
  afterAll(() => t?.close());

  const api = (path: string, body: Record<string, string | number | undefined>, who?: string) =>
    postForm(t.app, `/api/${path}`, body, { token: who });
  const ok = async <T>(
    path: string,
    body: Record<string, string | number | undefined>,
    who: string,
  ) => expectOk<T>(await api(path, body, who));
  const list = (keyword: string) =>
    ok<{ total: number; list: WordRow[] }>(
      'cms/sensitiveWord/list',
      { keyword, pageNum: 1, pageSize: 100 },
      token.admin,
    );
  const add = (word: string) =>
    ok<{ wordId: number; word: string }>('cms/sensitiveWord/add', { word }, token.admin);
  const check = (title: string, content: string, who = token.teacher) =>
    ok<{ hits: Hit[] }>('cms/sensitiveWord/check', { title, content }, who);
  const oplog = async (infoTable: string, objId: number) =>
    (
      await ok<Array<{ operType: string; staffName: string }>>(
        'infoOperLog/infoOperLogList',
        { infoTable, objId },
        token.admin,
      )
    ).map((row) => row.operType);
  const saveNews = async (title: string, content: string) =>
    (
      await ok<{ newId: number }>(
        'cms/news/save',
        { typeId: 2, newsTitle: title, newsContent: content, version: '' },
        token.teacher,
      )
    ).newId;
  const newsState = async (newId: number) =>
    await ok<{ reviewState: string; ifShelves: number }>('cms/news/get', { newId }, token.admin);

  describe('the word list', () => {
    it('ships with the default list, found by a keyword', async () => {
      const all = await list('');
      expect(all.total).toBeGreaterThanOrEqual(12);
      const gambling = await list('赌');
      expect(gambling.list.map((row) => row.word).sort()).toEqual(['网络赌场', '赌博']);
      expect(gambling.list[0]!.staffName).toBe('');
    });

    it('is for content administrators only: a teacher and a visitor are refused', async () => {
      expectRefusal(await api('cms/sensitiveWord/list', {}, token.teacher), 403, ADMIN_ONLY);
      expectRefusal(
        await api('cms/sensitiveWord/add', { word: '考试答案' }, token.teacher),
        403,
        ADMIN_ONLY,
      );
      expectRefusal(
        await api('cms/sensitiveWord/delete', { wordId: 1 }, token.teacher),
        403,
        ADMIN_ONLY,
      );
      expect((await api('cms/sensitiveWord/add', { word: '考试答案' })).statusCode).toBe(401);
      expect((await list('考试答案')).total).toBe(0);
    });

    it('refuses bad input in Chinese, form-encoded empty strings included', async () => {
      const refused = async (
        path: string,
        body: Record<string, string>,
        status: number,
        msg: string,
      ) => expectRefusal(await api(`cms/sensitiveWord/${path}`, body, token.admin), status, msg);
      await refused('add', {}, 400, '请输入敏感词');
      await refused('add', { word: '' }, 400, '请输入敏感词');
      await refused('add', { word: '   ' }, 400, '请输入敏感词');
      await refused('add', { word: '字'.repeat(51) }, 400, '敏感词不能超过50个字');
      await refused('delete', { wordId: '' }, 400, '请选择要删除的敏感词');
      await refused('delete', { wordId: 'abc' }, 400, '请选择要删除的敏感词');
      await refused('delete', { wordId: '999999' }, 404, '该敏感词不存在或已删除');
      await refused('list', { pageSize: '500' }, 400, '每页条数须为1到100');
      await refused('check', { title: '题'.repeat(501) }, 400, '标题不能超过500个字');
      // An empty keyword and page fields left empty: the whole list, first page.
      const page = expectOk<{ total: number; list: WordRow[] }>(
        await api('cms/sensitiveWord/list', { keyword: '' }, token.admin),
      );
      expect(page.total).toBeGreaterThanOrEqual(12);
    });

    it('stores words normalised (case, full width) and refuses one already listed', async () => {
      const added = await add('  ＶＰＮ加速器 ');
      expect(added.word).toBe('vpn加速器');
      expectRefusal(
        await api('cms/sensitiveWord/add', { word: 'Vpn加速器' }, token.admin),
        400,
        '敏感词“vpn加速器”已存在',
      );
      expect((await list('VPN')).list.map((row) => [row.word, row.staffName])).toEqual([
        ['vpn加速器', '网站管理员'],
      ]);
      expect(await oplog('T_SENSITIVE_WORD', added.wordId)).toEqual(['新增（vpn加速器）']);
      expectOk(await api('cms/sensitiveWord/delete', { wordId: added.wordId }, token.admin));
      expect((await list('vpn')).total).toBe(0);
      expect(await oplog('T_SENSITIVE_WORD', added.wordId)).toEqual([
        '删除（vpn加速器）',
        '新增（vpn加速器）',
      ]);
      expectRefusal(
        await api('cms/sensitiveWord/delete', { wordId: added.wordId }, token.admin),
        404,
        '该敏感词不存在或已删除',
      );
    });
  });

  describe('the check', () => {
    it('answers each word with where and how often, in the text of the body without tags', async () => {
      const { hits } = await check(
        '赌博危害知多少',
        '<p>有人沉迷<b>赌</b>博，误入<span style="color:red">网络赌场</span>。</p><p>赌博&nbsp;害人</p>',
      );
      expect(hits).toEqual([
        { word: '赌博', level: 'block', field: 'title', count: 1, part: null },
        { word: '赌博', level: 'block', field: 'content', count: 2, part: null },
        { word: '网络赌场', level: 'block', field: 'content', count: 1, part: null },
      ]);
      expect((await check('运动会通知', '<p>欢迎家长观看</p>')).hits).toEqual([]);
      expect((await check('', '')).hits).toEqual([]);
      expect(
        (await ok<{ hits: Hit[] }>('cms/sensitiveWord/check', {}, token.teacher)).hits,
      ).toEqual([]);
    });

    it('matches without regard to case or full width', async () => {
      await add('SpamBot');
      const { hits } = await check('关于ＳＰＡＭＢＯＴ的说明', '<p>spambot 与 SPAMBOT</p>');
      expect(hits.map((hit) => [hit.field, hit.word, hit.count])).toEqual([
        ['title', 'spambot', 1],
        ['content', 'spambot', 2],
      ]);
    });

    it('sees a word another server process added or deleted at its next check', async () => {
      // A second service over the same database: the list another process compiled.
      const elsewhere = new SensitiveWords(t.db, t.clock.now);
      const texts = [{ field: 'title' as const, text: '暑期夏令营报名' }];
      expect(await elsewhere.check(texts)).toEqual([]);
      const { wordId } = await add('夏令营报名');
      expect(await elsewhere.check(texts)).toEqual([
        { word: '夏令营报名', level: 'block', field: 'title', count: 1, part: null },
      ]);
      expectOk(await api('cms/sensitiveWord/delete', { wordId }, token.admin));
      expect(await elsewhere.check(texts)).toEqual([]);
    });

    it('needs a login', async () => {
      expect((await api('cms/sensitiveWord/check', { title: '赌博' })).statusCode).toBe(401);
    });

    it('finds many words in one pass, overlapping ones too', () => {
      const words = Array.from({ length: 3000 }, (_, i) => `词${i}号`);
      const matcher = new WordMatcher([...words, '赌博', '网络赌博', '博彩']);
      const found = matcher.count('网络赌博彩票，词2999号，词12号与词1号');
      expect(Object.fromEntries(found)).toEqual({
        赌博: 1,
        网络赌博: 1,
        博彩: 1,
        词2999号: 1,
        词12号: 1,
        词1号: 1,
      });
    });
  });

  describe('submitting and publishing', () => {
    it("refuses a teacher's submit with a hit and changes nothing", async () => {
      const newId = await saveNews('期末复习安排', '<p>有人找人代考，诚信应考。</p>');
      const before = await newsState(newId);
      const message = '内容含敏感词：代考（正文），请修改后再提交';
      expectRefusal(await api('cms/news/submit', { newId }, token.teacher), 422, message);
      // A teacher cannot confirm: the flag changes nothing.
      expectRefusal(
        await api('cms/news/submit', { newId, confirmSensitive: '1' }, token.teacher),
        422,
        message,
      );
      const after = await newsState(newId);
      expect(after).toEqual(before);
      expect(after.reviewState).toBe('draft');
      expect(await oplog('T_NEWS', newId)).not.toContain('提交审核');
    });

    it("refuses an administrator's publish without confirmation and logs it with the words", async () => {
      const newId = await saveNews('校园开放日', '<p>欢迎参观。</p>');
      await ok('cms/news/submit', { newId }, token.teacher);
      // Added after the submit: counts from the next check on.
      const { wordId } = await add('开放日');
      const message = '内容含敏感词：开放日（标题），请确认后再发布';
      expectRefusal(await api('cms/news/approve', { newId }, token.admin), 422, message);
      expectRefusal(
        await api('cms/news/approve', { newId, confirmSensitive: '' }, token.admin),
        422,
        message,
      );
      expectRefusal(
        await api('cms/news/approve', { newId, confirmSensitive: 'yes' }, token.admin),
        400,
        'confirmSensitive 须为 1（确认发布）或 0',
      );
      expect((await newsState(newId)).reviewState).toBe('submitted');
      await ok('cms/news/approve', { newId, confirmSensitive: '1' }, token.admin);
      expect(await oplog('T_NEWS', newId)).toContain('审核通过（确认含敏感词：开放日）');
      // Approval published it; taken off and put back, 上架 screens again.
      expect(await newsState(newId)).toMatchObject({ reviewState: 'approved', ifShelves: 1 });
      await ok('cms/news/unshelve', { newId }, token.admin);
      expectRefusal(await api('cms/news/shelve', { newId }, token.admin), 422, message);
      await ok('cms/news/shelve', { newId, confirmSensitive: '1' }, token.admin);
      expect(await newsState(newId)).toMatchObject({ reviewState: 'approved', ifShelves: 1 });
      // Deleted: the next item with the word goes through without a word said.
      expectOk(await api('cms/sensitiveWord/delete', { wordId }, token.admin));
      const next = await saveNews('开放日安排', '<p>八点入校。</p>');
      await ok('cms/news/submit', { newId: next }, token.teacher);
      await ok('cms/news/approve', { newId: next }, token.admin);
      expect(await oplog('T_NEWS', next)).toContain('审核通过');
    });

    it("screens a special topic's sub-news with the topic", async () => {
      const topicId = await createNews(
        t.services,
        { typeId: 4, title: '读书节专题', reviewState: 'draft', ifShelves: 0 },
        teacher,
      );
      await ok(
        'cms/subject/save',
        {
          newId: topicId,
          newsTitle: '好书推荐',
          newsContent: '<p>刷单返利日入千元</p>',
          version: '',
        },
        token.teacher,
      );
      expectRefusal(
        await api('cms/news/submit', { newId: topicId }, token.teacher),
        422,
        '内容含敏感词：刷单返利（子新闻《好书推荐》正文），请修改后再提交',
      );
    });

    it('screens videos the same way', async () => {
      const videoId = (
        await ok<{ videoId: number }>(
          'cms/video/save',
          { typeId: 1, videoTitle: '法制教育：传销的真面目', videoContent: '' },
          token.teacher,
        )
      ).videoId;
      expectRefusal(
        await api('cms/video/submit', { videoId }, token.teacher),
        422,
        '内容含敏感词：传销（标题），请修改后再提交',
      );
      // The administrator's own submit and approve need the confirmation as well.
      expectRefusal(
        await api('cms/video/submit', { videoId }, token.admin),
        422,
        '内容含敏感词：传销（标题），请确认后再发布',
      );
      await ok('cms/video/submit', { videoId, confirmSensitive: '1' }, token.admin);
      await ok('cms/video/approve', { videoId, confirmSensitive: '1' }, token.admin);
      await ok('cms/video/unshelve', { videoId }, token.admin);
      await ok('cms/video/shelve', { videoId, confirmSensitive: '1' }, token.admin);
      expect(await oplog('TF_VIDEO', videoId)).toEqual(
        expect.arrayContaining([
          '提交审核（确认含敏感词：传销）',
          '审核通过（确认含敏感词：传销）',
          '上架（确认含敏感词：传销）',
        ]),
      );
    });
  });
});
