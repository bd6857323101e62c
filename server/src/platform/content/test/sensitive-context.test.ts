import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVideoTypes } from '../../../modules/video/service.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';
import { SensitiveWords } from '../sensitive-words.js';

/**
 * The sensitive-word check reading context, through the HTTP API: school
 * news that warns against a listed word passes, offers of the same things are
 * caught; the allowed phrases and the two levels content administrators keep,
 * and a reviewer's reason for publishing an item with 提醒 words.
 */

interface Hit {
  word: string;
  level: 'block' | 'warn';
  field: 'title' | 'content';
  count: number;
  part: string | null;
}

const ADMIN_ONLY = '只有管理员可以进行此操作';

/** Words a school adds to the default list (migration 0024). */
const SCHOOL_WORDS = ['毒品', '诈骗', '校园贷', '欺凌', '作弊', '邪教', '枪支'];

/** What a school news site prints: each names a listed word, to warn against it. */
const SCHOOL_NEWS = [
  '诚信考试 远离赌博',
  '严禁替考、代考',
  '预防电信诈骗，守护好家庭的钱袋子',
  '拒绝校园欺凌，共建和谐校园',
  '珍爱生命 远离毒品',
  '防范校园贷陷阱，树立理性消费观念',
  '考试中严禁作弊，违者按零分处理',
  '坚决抵制邪教，崇尚科学文明',
  '严厉打击网络赌博，净化网络环境',
  '警惕刷单返利诈骗，不贪小便宜',
  '识别传销骗局，不做一夜暴富的梦',
  '切勿参与非法博彩活动',
  '不要轻信“高利贷”式网贷广告',
  '学校开展反赌博宣传进校园活动',
  '防范电信诈骗 共建平安校园',
  '开展“远离毒品 珍爱生命”主题班会',
  '举报校园欺凌请拨打学校热线',
  '禁止携带枪支、管制刀具进入校园',
  '期末考试诚信承诺：不作弊、不替考',
  '学校召开“拒绝毒品，健康成长”主题大会',
  '家长会提醒：谨防冒充老师的诈骗电话',
  '法治进校园：抵制传销，从我做起',
  '青少年应远离色情、暴力等不良信息',
  '绿色上网，拒绝翻墙软件',
  '防范非法校园贷专题讲座在报告厅举行',
  '坚决杜绝考试作弊行为，营造良好考风',
  '警惕邪教渗透校园，筑牢思想防线',
  '预防校园欺凌，从点滴做起',
  '不参与赌博，不沉迷网络游戏',
  '禁毒宣传周：珍爱生命，远离冰毒',
];

/** Offers and reports of the listed things: each must be caught. */
const CAUGHT = [
  '网络赌博平台代理招募，日结高薪',
  '高价代考包过，四六级均可',
  '专业替考团队，保证通过',
  '六合彩内部资料免费领取',
  '境外博彩网站注册送彩金',
  '办假证、刻章，请加微信联系',
  '刷单返利，日入三百元',
  '加入我们的传销团队，三个月买车',
  '免费翻墙软件下载，永久使用',
  '学生急用钱？高利贷秒放款',
  '冰毒出售，货到付款',
  '裸聊视频资源分享',
  '色情网站入口大全',
  '校园贷无抵押当天到账',
  '考试作弊器材批发，耳机包过',
  '线上赌博，稳赚不赔',
  '代考请联系QQ群，价格优惠',
  '电信诈骗剧本培训招人',
  '毒品代购渠道，隐秘发货',
  '邪教组织在附近招募成员',
  '欺凌同学的视频在群里转发',
  '招聘兼职：替考一次五百元',
  '赌博技巧教学，包赢',
  '博彩投注平台推荐',
  '本周六组织同学去网吧参与赌博',
  '出售期末考试答案，作弊必备',
  '诚信考试？花钱找人代考更省事',
  '拒绝无聊！赌博游戏注册即送',
  '远离课本的日子里，我们天天一起研究六合彩号码',
  '远离网络游戏。赌博网站推荐',
];

describe('sensitive words in context', () => {
  let t: TestApp;
  const token = { teacher: '', admin: '' };

  beforeAll(async () => {
    t = await createTestApp();
    await seedVideoTypes(t.db);
    const teacher = await createStaff(t.db, { name: '数学老师' });
    const admin = await createStaff(t.db, { name: '内容管理员', staffType: 5, isPower: 1 });
    token.teacher = await login(t.app, teacher);
    token.admin = await login(t.app, admin);
    for (const word of SCHOOL_WORDS) await ok('cms/sensitiveWord/add', { word }, token.admin);
  });
  afterAll(() => t?.close());

  const api = (path: string, body: Record<string, string | number | undefined>, who?: string) =>
    postForm(t.app, `/api/${path}`, body, { token: who });
  const ok = async <T>(
    path: string,
    body: Record<string, string | number | undefined>,
    who: string,
  ) => expectOk<T>(await api(path, body, who));
  const check = async (title: string, content = '') =>
    (await ok<{ hits: Hit[] }>('cms/sensitiveWord/check', { title, content }, token.teacher)).hits;
  const oplog = async (infoTable: string, objId: number) =>
    (
      await ok<Array<{ operType: string }>>(
        'infoOperLog/infoOperLogList',
        { infoTable, objId },
        token.admin,
      )
    ).map((row) => row.operType);
  const addWord = (word: string, level?: string) =>
    ok<{ wordId: number; word: string; level: string }>(
      'cms/sensitiveWord/add',
      { word, level },
      token.admin,
    );
  const addPhrase = (phrase: string) =>
    ok<{ phraseId: number; phrase: string }>('cms/allowedPhrase/add', { phrase }, token.admin);
  const saveNews = async (title: string, content: string) =>
    (
      await ok<{ newId: number }>(
        'cms/news/save',
        { typeId: 2, newsTitle: title, newsContent: content, version: '' },
        token.teacher,
      )
    ).newId;

  describe('reading context', () => {
    it.each(SCHOOL_NEWS)('lets school news through: %s', async (sentence) => {
      expect(await check(sentence)).toEqual([]);
      expect(await check('', `<p>${sentence}</p>`)).toEqual([]);
    });

    it.each(CAUGHT)('catches: %s', async (sentence) => {
      expect((await check(sentence)).length).toBeGreaterThan(0);
      expect((await check('', `<p>${sentence}</p>`)).length).toBeGreaterThan(0);
    });

    it('counts only the occurrences not warned against', async () => {
      expect(await check('远离赌博。赌博网站推荐；杜绝赌博')).toEqual([
        { word: '赌博', level: 'block', field: 'title', count: 1, part: null },
      ]);
    });

    it('does not let a cue reach across paragraphs or line breaks', async () => {
      expect(await check('', '<p>远离网络游戏</p><p>赌博网站推荐</p>')).toHaveLength(1);
      expect(await check('', '<p>远离网络游戏<br>赌博网站推荐</p>')).toHaveLength(1);
      expect(await check('', '<p>远离<b>网络</b>赌博</p>')).toEqual([]);
    });
  });

  describe('allowed phrases', () => {
    it('excuse a word inside them, as long as they are listed', async () => {
      const sentence = '传销案例警示教育展在图书馆开幕';
      expect((await check(sentence)).map((hit) => hit.word)).toEqual(['传销']);
      const added = await addPhrase(' 传销案例警示教育 ');
      expect(added.phrase).toBe('传销案例警示教育');
      expect(await check(sentence)).toEqual([]);
      // Only inside the phrase: the word elsewhere in the text still counts.
      expect((await check(`${sentence}，传销团队招人`)).map((hit) => hit.count)).toEqual([1]);
      const listed = await ok<{
        total: number;
        list: Array<{ phrase: string; staffName: string }>;
      }>('cms/allowedPhrase/list', { keyword: '传销' }, token.admin);
      expect(listed.list.map((row) => [row.phrase, row.staffName])).toEqual([
        ['传销案例警示教育', '内容管理员'],
      ]);
      expectOk(await api('cms/allowedPhrase/delete', { phraseId: added.phraseId }, token.admin));
      expect((await check(sentence)).map((hit) => hit.word)).toEqual(['传销']);
      expect(await oplog('T_ALLOWED_PHRASE', added.phraseId)).toEqual([
        '删除（传销案例警示教育）',
        '新增（传销案例警示教育）',
      ]);
    });

    it('are stored normalised, once, and refuse bad input in Chinese', async () => {
      const added = await addPhrase('ＡＢＣ反诈宣传');
      expect(added.phrase).toBe('abc反诈宣传');
      const refused = async (
        path: string,
        body: Record<string, string>,
        status: number,
        msg: string,
      ) => expectRefusal(await api(`cms/allowedPhrase/${path}`, body, token.admin), status, msg);
      await refused('add', { phrase: 'Abc反诈宣传' }, 400, '允许短语“abc反诈宣传”已存在');
      await refused('add', {}, 400, '请输入允许短语');
      await refused('add', { phrase: '  ' }, 400, '请输入允许短语');
      await refused('add', { phrase: '字'.repeat(51) }, 400, '允许短语不能超过50个字');
      await refused('delete', { phraseId: '' }, 400, '请选择要删除的允许短语');
      await refused('delete', { phraseId: '999999' }, 404, '该允许短语不存在或已删除');
      await refused('list', { keyword: '词'.repeat(51) }, 400, '查找的短语不能超过50个字');
    });

    it('are for content administrators only', async () => {
      expectRefusal(await api('cms/allowedPhrase/list', {}, token.teacher), 403, ADMIN_ONLY);
      expectRefusal(
        await api('cms/allowedPhrase/add', { phrase: '反诈骗' }, token.teacher),
        403,
        ADMIN_ONLY,
      );
      expectRefusal(
        await api('cms/allowedPhrase/delete', { phraseId: 1 }, token.teacher),
        403,
        ADMIN_ONLY,
      );
      expect((await api('cms/allowedPhrase/add', { phrase: '反诈骗' })).statusCode).toBe(401);
    });

    it('count in another server process from its next check', async () => {
      const elsewhere = new SensitiveWords(t.db, t.clock.now);
      const texts = [{ field: 'title' as const, text: '博彩业发展史讲座' }];
      expect(await elsewhere.check(texts)).toHaveLength(1);
      const { phraseId } = await addPhrase('博彩业发展史');
      expect(await elsewhere.check(texts)).toEqual([]);
      expectOk(await api('cms/allowedPhrase/delete', { phraseId }, token.admin));
      expect(await elsewhere.check(texts)).toHaveLength(1);
    });
  });

  describe('levels', () => {
    it('are set by a content administrator, logged, and answered by the check', async () => {
      const added = await addWord('游戏币交易');
      expect(added.level).toBe('block');
      const elsewhere = new SensitiveWords(t.db, t.clock.now);
      const texts = [{ field: 'title' as const, text: '游戏币交易群' }];
      expect((await elsewhere.check(texts))[0]!.level).toBe('block');
      const set = await ok<{ level: string }>(
        'cms/sensitiveWord/setLevel',
        { wordId: added.wordId, level: 'warn' },
        token.admin,
      );
      expect(set.level).toBe('warn');
      expect((await elsewhere.check(texts))[0]!.level).toBe('warn');
      expect((await check('游戏币交易群'))[0]).toMatchObject({ word: '游戏币交易', level: 'warn' });
      const listed = await ok<{ list: Array<{ word: string; level: string }> }>(
        'cms/sensitiveWord/list',
        { keyword: '游戏币' },
        token.admin,
      );
      expect(listed.list).toMatchObject([{ word: '游戏币交易', level: 'warn' }]);
      // Set again to the same level: nothing to log.
      await ok('cms/sensitiveWord/setLevel', { wordId: added.wordId, level: 'warn' }, token.admin);
      expect(await oplog('T_SENSITIVE_WORD', added.wordId)).toEqual([
        '修改级别（游戏币交易：提醒）',
        '新增（游戏币交易）',
      ]);
      const warned = await addWord('抽奖', 'warn');
      expect(warned.level).toBe('warn');
      expect(await oplog('T_SENSITIVE_WORD', warned.wordId)).toEqual(['新增（抽奖：提醒）']);
    });

    it('refuse bad input and non-administrators', async () => {
      const { wordId } = await addWord('网游代练');
      const refused = async (
        path: string,
        body: Record<string, string | number>,
        status: number,
        msg: string,
        who = token.admin,
      ) => expectRefusal(await api(`cms/sensitiveWord/${path}`, body, who), status, msg);
      const levelMessage = '级别须为 block（禁止）或 warn（提醒）';
      await refused('setLevel', { wordId, level: 'high' }, 400, levelMessage);
      await refused('setLevel', { wordId, level: '' }, 400, levelMessage);
      await refused('add', { word: '网游外挂', level: '提醒' }, 400, levelMessage);
      await refused('setLevel', { wordId: '', level: 'warn' }, 400, '请选择敏感词');
      await refused('setLevel', { wordId: 999999, level: 'warn' }, 404, '该敏感词不存在或已删除');
      await refused('setLevel', { wordId, level: 'warn' }, 403, ADMIN_ONLY, token.teacher);
      expect((await api('cms/sensitiveWord/setLevel', { wordId, level: 'warn' })).statusCode).toBe(
        401,
      );
      // Left empty, a new word is 禁止.
      expect((await addWord('网游外挂', '')).level).toBe('block');
    });
  });

  describe('提醒 words in the review', () => {
    it("let a teacher's submit through, recorded; the reviewer publishes with a reason, logged", async () => {
      await addWord('彩票', 'warn');
      const newId = await saveNews('体育彩票公益金资助操场翻新', '<p>新操场下月启用。</p>');
      await ok('cms/news/submit', { newId }, token.teacher);
      expect(await oplog('T_NEWS', newId)).toContain('提交审核（含提醒词：彩票）');

      const message = '内容含提醒词：彩票（标题），请填写通过理由';
      expectRefusal(await api('cms/news/approve', { newId }, token.admin), 422, message);
      expectRefusal(
        await api('cms/news/approve', { newId, sensitiveReason: '' }, token.admin),
        422,
        message,
      );
      expectRefusal(
        await api('cms/news/approve', { newId, sensitiveReason: '   ' }, token.admin),
        422,
        message,
      );
      expectRefusal(
        await api('cms/news/approve', { newId, sensitiveReason: '理'.repeat(201) }, token.admin),
        400,
        '通过理由不能超过200个字',
      );
      const before = await ok<{ reviewState: string }>('cms/news/get', { newId }, token.admin);
      expect(before.reviewState).toBe('submitted');
      await ok(
        'cms/news/approve',
        { newId, sensitiveReason: '公益金新闻，非售彩宣传' },
        token.admin,
      );
      expect(await oplog('T_NEWS', newId)).toContain(
        '审核通过（含提醒词：彩票；理由：公益金新闻，非售彩宣传）',
      );

      // Taken off and put back: 上架 asks for its reason too.
      await ok('cms/news/unshelve', { newId }, token.admin);
      expectRefusal(
        await api('cms/news/shelve', { newId }, token.admin),
        422,
        '内容含提醒词：彩票（标题），请填写上架理由',
      );
      await ok('cms/news/shelve', { newId, sensitiveReason: '重新上架' }, token.admin);
      expect(await oplog('T_NEWS', newId)).toContain('上架（含提醒词：彩票；理由：重新上架）');
    });

    it('want the confirmation for 禁止 words first, then the reason', async () => {
      await addWord('抽签', 'warn');
      const newId = await saveNews('社团抽签结果', '<p>代考者取消资格。</p>');
      expectRefusal(
        await api('cms/news/submit', { newId }, token.teacher),
        422,
        '内容含敏感词：代考（正文），请修改后再提交',
      );
      await ok('cms/news/submit', { newId, confirmSensitive: '1' }, token.admin);
      expectRefusal(
        await api('cms/news/approve', { newId, sensitiveReason: '社团活动' }, token.admin),
        422,
        '内容含敏感词：代考（正文），请确认后再发布',
      );
      expectRefusal(
        await api('cms/news/approve', { newId, confirmSensitive: '1' }, token.admin),
        422,
        '内容含提醒词：抽签（标题），请填写通过理由',
      );
      await ok(
        'cms/news/approve',
        { newId, confirmSensitive: '1', sensitiveReason: '社团活动' },
        token.admin,
      );
      expect(await oplog('T_NEWS', newId)).toContain(
        '审核通过（确认含敏感词：代考；含提醒词：抽签；理由：社团活动）',
      );
    });

    it('screen videos the same way', async () => {
      await addWord('抓娃娃', 'warn');
      const { videoId } = await ok<{ videoId: number }>(
        'cms/video/save',
        { typeId: 1, videoTitle: '科技节：抓娃娃机器人', videoContent: '' },
        token.teacher,
      );
      await ok('cms/video/submit', { videoId }, token.teacher);
      expectRefusal(
        await api('cms/video/approve', { videoId }, token.admin),
        422,
        '内容含提醒词：抓娃娃（标题），请填写通过理由',
      );
      await ok('cms/video/approve', { videoId, sensitiveReason: '学生科技作品' }, token.admin);
      expect(await oplog('TF_VIDEO', videoId)).toEqual(
        expect.arrayContaining([
          '提交审核（含提醒词：抓娃娃）',
          '审核通过（含提醒词：抓娃娃；理由：学生科技作品）',
        ]),
      );
    });
  });
});
