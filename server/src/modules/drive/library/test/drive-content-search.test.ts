import type { DriveRow } from '@school/common/api';
import iconv from 'iconv-lite';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocumentPdf } from '../../../../seed/demo-pdf.js';
import { makeDocx, makePptx, makeXlsx } from '../../../../seed/demo-office.js';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../../test-kit/factories.js';
import { expectOk, login, postFile, postForm } from '../../../../test-kit/http.js';

type Fields = Record<string, string | number>;

/** An OpenDocument file: a zip of its type and its content.xml holding `body`. */
async function openDocument(kind: 'text' | 'spreadsheet' | 'presentation', body: string) {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(`application/vnd.oasis.opendocument.${kind}`), 'mimetype', {
    compress: false,
  });
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><office:document-content' +
        ' xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"' +
        ' xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"' +
        ' xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"' +
        ' xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" office:version="1.2">' +
        `<office:body><office:${kind}>${body}</office:${kind}></office:body></office:document-content>`,
    ),
    'content.xml',
  );
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** RTF is text: Chinese as \uN escapes, as Word writes it. */
const rtf = (words: string) =>
  Buffer.from(
    '{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 SimSun;}}\\f0 ' +
      [...words].map((c) => `\\u${c.charCodeAt(0)}?`).join('') +
      '\\par}',
    'latin1',
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Search inside documents: texts pulled out in the job queue, found under the read rule. */
describe('drive search inside documents', () => {
  let t: TestApp;
  let admin: TestStaff;
  let owner: TestStaff;
  let other: TestStaff;
  const token = { admin: '', owner: '', other: '' };
  let column = 0;

  const call = (name: string, fields: Fields, who: string) =>
    postForm(t.app, `/api/resources/${name}`, fields, { token: who });

  async function add(who: string, target: Fields, name: string, data: Buffer, extra: Fields = {}) {
    const { url } = expectOk<{ url: string }>(
      await postFile(t.app, '/api/resources/upload.do', { name, data }, { token: who }),
    );
    const res = await call(
      'addResource',
      { ...target, resourcesType: '1', resourcesPath: url, resourcesFname: name, ...extra },
      who,
    );
    return expectOk<{ resourcesId: number }>(res).resourcesId;
  }

  const fileOf = async (resourceId: number) =>
    (
      await t.db
        .selectFrom('driveResource')
        .select('fileId')
        .where('id', '=', resourceId)
        .executeTakeFirstOrThrow()
    ).fileId;

  /** Waits until the worker has read the resource's text (a state, not a time). */
  async function textRead(resourceId: number) {
    const fileId = await fileOf(resourceId);
    for (let i = 0; i < 1200; i++) {
      const row = await t.db
        .selectFrom('fileText')
        .select(['state', 'error', 'parts'])
        .where('fileId', '=', fileId)
        .executeTakeFirst();
      if (row) return row;
      await sleep(50);
    }
    throw new Error(`the text of resource ${resourceId} was never read`);
  }

  /**
   * The drive search as the page calls it: form-encoded strings, the filters it does not use
   * sent empty. zylxType 0 the library, 2 one's own disk.
   */
  const search = async (who: string, keyword: string, zylxType = '0') =>
    expectOk<{ total: number; list: DriveRow[] }>(
      await call(
        'searchResources',
        {
          zylxType,
          KeywordName: keyword,
          fId: '',
          resourcesType: '',
          resourcesFileType: '',
          pageNum: '1',
          pageSize: '20',
        },
        who,
      ),
    );

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    owner = await createStaff(t.db, { name: '林晓雯' });
    other = await createStaff(t.db, { name: '王建国' });
    token.admin = await login(t.app, admin);
    token.owner = await login(t.app, owner);
    token.other = await login(t.app, other);
    column = expectOk<{ fid: number }>(
      await call('addFolder', { fName: '生物', sType: 0 }, token.admin),
    ).fid;
  });
  afterAll(() => t?.close());

  it('reads Word, Excel, PowerPoint, PDF and GBK text, and finds words with their page or sheet', async () => {
    const plan = await add(
      token.owner,
      { fId: column },
      '第五章教案.docx',
      await makeDocx({
        title: '高一生物 第五章 教案',
        table: [['课题', '光合作用']],
        sections: [
          ['一、教学目标', '理解暗反应阶段的物质变化，会画卡尔文循环示意图。'],
          ['二、拓展', '光合作用与作用光谱。'],
        ],
      }),
    );
    const scores = await add(token.owner, { fId: column }, '成绩统计.xlsx', await makeXlsx(0));
    const slides = await add(
      token.owner,
      { fId: column },
      '课件.pptx',
      await makePptx({
        title: '氧化还原反应',
        points: ['电子转移的表示方法', '双线桥法'],
        table: [['反应', '氧化剂']],
      }),
    );
    const lines = Array.from({ length: 60 }, (_, i) => `第${i + 1}题 注意审题，写出解题步骤。`);
    const review = await add(
      token.owner,
      { fId: column },
      '期末复习.pdf',
      await makeDocumentPdf({
        title: '期末复习提纲',
        byline: '生物组 · 高一',
        sections: [
          { heading: '一、细胞', lines },
          { heading: '二、叶绿体色素的提取', lines: ['层析液不能没及滤液细线。'] },
        ],
      }),
    );
    const notes = await add(
      token.owner,
      { fId: column },
      '发言稿.txt',
      iconv.encode('高一年级家长会发言稿\r\n各位家长：大家好！', 'gbk'),
    );
    for (const id of [plan, scores, slides, review, notes]) {
      expect(await textRead(id)).toMatchObject({ state: 'done', error: null });
    }

    const found = async (keyword: string) => {
      const { total, list } = await search(token.other, keyword);
      expect(total).toBe(list.length);
      return list.map((row) => [row.resourcesName, row.contentPlace, row.contentSnippet]);
    };
    expect(await found('暗反应')).toEqual([
      ['第五章教案.docx', '', expect.stringContaining('暗反应阶段的物质变化')],
    ]);
    expect(await found('王子涵')).toEqual([
      ['成绩统计.xlsx', '工作表“成绩”', expect.stringContaining('王子涵')],
    ]);
    expect(await found('双线桥')).toEqual([
      ['课件.pptx', '第 2 张幻灯片', expect.stringContaining('双线桥法')],
    ]);
    expect(await found('叶绿体色素')).toEqual([
      ['期末复习.pdf', '第 2 页', expect.stringContaining('叶绿体色素的提取')],
    ]);
    expect(await found('家长会')).toEqual([
      ['发言稿.txt', '', expect.stringContaining('高一年级家长会发言稿')],
    ]);
    // The intranet's site search (查资料) finds them too, as its page sends the form.
    const site = expectOk<{ total: number; list: DriveRow[]; newsList: unknown[] }>(
      await postForm(
        t.app,
        '/api/search/getSearchList',
        {
          type: '6',
          str: '双线桥',
          typeId: '',
          beginDate: '',
          endDate: '',
          pageNum: '1',
          pageSize: '12',
        },
        { token: token.other },
      ),
    );
    expect(site.newsList).toEqual([]);
    expect(site.list.map((row) => [row.resourcesName, row.fname, row.contentPlace])).toEqual([
      ['课件.pptx', '生物', '第 2 张幻灯片'],
    ]);
    // A two-character word; the page's words only, cut with … where the text goes on.
    const [[name, place, snippet]] = await found('审题');
    expect([name, place]).toEqual(['期末复习.pdf', '第 1 页']);
    expect(snippet).toMatch(/审题/);
    expect(snippet).not.toContain('叶绿体');
    // Every term in the text is not the word: 暗反应循环 is not in it.
    expect(await found('暗反应循环')).toEqual([]);
    // Nor are its pairs each somewhere: 用光 and 光合 are in it, 用光合 is not.
    expect(await found('用光合')).toEqual([]);
    // A file found by name shows no snippet when its text does not hold the word.
    expect(await found('第五章教案')).toEqual([['第五章教案.docx', undefined, undefined]]);
  });

  it('reads OpenDocument and RTF; a file it cannot read is marked and found by its name', async () => {
    const odt = await add(
      token.owner,
      { fId: column },
      '班会记录.odt',
      await openDocument(
        'text',
        '<text:p>第一周班会</text:p><text:soft-page-break/><text:p>主题：珍惜粮食<text:s/>从我做起</text:p>',
      ),
    );
    const ods = await add(
      token.owner,
      { fId: column },
      '值日表.ods',
      await openDocument(
        'spreadsheet',
        '<table:table table:name="第一周"><table:table-row><table:table-cell><text:p>周一</text:p></table:table-cell>' +
          '<table:table-cell><text:p>擦黑板</text:p></table:table-cell></table:table-row></table:table>' +
          '<table:table table:name="第二周"><table:table-row><table:table-cell><text:p>倒垃圾</text:p></table:table-cell></table:table-row></table:table>',
      ),
    );
    const odp = await add(
      token.owner,
      { fId: column },
      '讲座.odp',
      await openDocument(
        'presentation',
        '<draw:page draw:name="p1"><text:p>青春期心理健康</text:p></draw:page>' +
          '<draw:page draw:name="p2"><text:p>情绪管理的方法</text:p></draw:page>',
      ),
    );
    const rich = await add(token.owner, { fId: column }, '通知.rtf', rtf('运动会报名通知'));
    // A Word file cut short: its parts are there, the zip's directory at its end is not.
    const whole = await makeDocx({ title: '坏文件', table: [['课题', '无']], sections: [] });
    const broken = await add(
      token.owner,
      { fId: column },
      '坏文件.docx',
      whole.subarray(0, whole.length - 40),
    );
    for (const id of [odt, ods, odp, rich]) {
      expect(await textRead(id)).toMatchObject({ state: 'done', error: null });
    }
    expect(await textRead(broken)).toMatchObject({ state: 'failed' });

    const where = async (keyword: string) =>
      (await search(token.other, keyword)).list.map((row) => [row.resourcesName, row.contentPlace]);
    expect(await where('珍惜粮食')).toEqual([['班会记录.odt', '第 2 页']]);
    expect(await where('倒垃圾')).toEqual([['值日表.ods', '工作表“第二周”']]);
    expect(await where('情绪管理')).toEqual([['讲座.odp', '第 2 张幻灯片']]);
    expect(await where('运动会报名')).toEqual([['通知.rtf', '第 1 页']]);
    expect(await where('坏文件')).toEqual([['坏文件.docx', undefined]]);
  });

  it('never shows a hit, a snippet or a count of a file the searcher may not read', async () => {
    const secret = await add(
      token.owner,
      { fId: column },
      '私有.txt',
      Buffer.from('细胞呼吸私有讲义'),
      { resourcesIsOpen: '1' },
    );
    const disk = await add(
      token.owner,
      { sType: 1 },
      '自己的.txt',
      Buffer.from('细胞呼吸网盘笔记'),
    );
    const guarded = await add(
      token.owner,
      { fId: column },
      '期中试卷.txt',
      Buffer.from('细胞呼吸防泄密试题'),
    );
    expectOk(
      await call(
        'editResource',
        {
          resourcesId: guarded,
          resourcesType: '1',
          resourcesFileType: '2',
          resourcesIsOpen: '2',
          resourcesIsComment: '1',
          resourcesDesc: '期中考试',
          resourcesIsProtected: '1',
        },
        token.owner,
      ),
    );
    for (const id of [secret, disk, guarded]) await textRead(id);

    // Another teacher: nothing of the private file, the other's disk or the 防泄密 text.
    expect(await search(token.other, '细胞呼吸')).toEqual({ total: 0, list: [] });
    expect(await search(token.other, '细胞呼吸', '2')).toEqual({ total: 0, list: [] });
    const site = (who: string) =>
      postForm(t.app, '/api/search/getSearchList', { type: '6', str: '细胞呼吸' }, { token: who });
    expect(expectOk<{ total: number }>(await site(token.other)).total).toBe(0);
    // The uploader's site search holds the library's and the own disk's files.
    expect(
      expectOk<{ list: DriveRow[] }>(await site(token.owner))
        .list.map((row) => row.resourcesName)
        .sort(),
    ).toEqual(['期中试卷.txt', '私有.txt', '自己的.txt']);
    // The 防泄密 file is found by its name, without its words.
    const byName = await search(token.other, '期中试卷');
    expect(byName.list.map((row) => [row.resourcesName, row.contentSnippet])).toEqual([
      ['期中试卷.txt', undefined],
    ]);

    // The uploader finds all three, each in its place.
    const mine = await search(token.owner, '细胞呼吸');
    expect(mine.list.map((row) => row.resourcesName).sort()).toEqual(['期中试卷.txt', '私有.txt']);
    expect(mine.list.every((row) => row.contentSnippet?.includes('细胞呼吸'))).toBe(true);
    expect(
      (await search(token.owner, '细胞呼吸', '2')).list.map((row) => row.resourcesName),
    ).toEqual(['自己的.txt']);
    // A drive administrator sees the whole library, 防泄密 files' words too (not another's disk).
    const admins = await search(token.admin, '细胞呼吸');
    expect(admins.list.map((row) => [row.resourcesName, row.contentSnippet]).sort()).toEqual([
      ['期中试卷.txt', '细胞呼吸防泄密试题'],
      ['私有.txt', '细胞呼吸私有讲义'],
    ]);
  });

  it('reads again what an old database holds, at the backfill', async () => {
    const id = await add(token.owner, { fId: column }, '旧资料.md', Buffer.from('# 减数分裂图解'));
    await textRead(id);
    const fileId = await fileOf(id);
    // As before search inside documents: no text, no job.
    await t.db.deleteFrom('fileText').where('fileId', '=', fileId).execute();
    await t.db.deleteFrom('job').where('key', '=', `file-text:${fileId}`).execute();
    await t.services.texts.remove('file', [fileId]);
    expect((await search(token.other, '减数分裂')).total).toBe(0);

    // The daily backfill, due now (it ran at the start, before this file was there).
    await t.db
      .updateTable('job')
      .set({ runAfter: '2000-01-01T00:00:00.000Z' })
      .where('key', '=', 'file-text-backfill')
      .execute();
    await t.services.jobs.enqueue('file-text-backfill', 'file-text-backfill', {});
    expect(await textRead(id)).toMatchObject({ state: 'done' });
    expect((await search(token.other, '减数分裂')).list.map((row) => row.contentSnippet)).toEqual([
      '# 减数分裂图解',
    ]);
  });
});
