import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createNews, createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../../test-kit/http.js';

interface SubjectForm {
  subjectNewId: number;
  newId: number;
  topicTitle: string;
  newsTitle: string;
  newsContent: string;
  source: string | null;
  releaseUser: string | null;
  sort: number;
  files: Array<{ role: string; fileId: number | null; fileName: string; caption: string | null }>;
}

describe('api/cms/subject: sub-news of special topics', () => {
  let t: TestApp;
  let author: TestStaff;
  let other: TestStaff;
  let admin: TestStaff;
  const token = { author: '', other: '', admin: '' };
  let topicId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    author = await createStaff(t.db, { name: '专题老师' });
    other = await createStaff(t.db, { name: '别的老师' });
    admin = await createStaff(t.db, { name: '管理员乙', staffType: 5, isPower: 1 });
    token.author = await login(t.app, author);
    token.other = await login(t.app, other);
    token.admin = await login(t.app, admin);
    topicId = await createNews(t.services, { typeId: 4, title: '学习二十大专题' }, author);
  });
  afterAll(() => t?.close());

  const cms = (path: string, body: Record<string, unknown>, who: string) =>
    postJson(t.app, `/api/cms/subject/${path}`, body, { token: who });
  const save = async (body: Record<string, unknown>, who: string) =>
    expectOk<{ subjectNewId: number }>(await cms('save', body, who)).subjectNewId;
  /** The topic back on the portal: its author submits it, the administrator approves it. */
  const republish = async () => {
    const step = (path: string, who: string) =>
      postJson(t.app, `/api/cms/news/${path}`, { newId: topicId }, { token: who });
    const state = expectOk<{ reviewState: string; ifShelves: number }>(
      await postJson(t.app, '/api/cms/news/get', { newId: topicId }, { token: token.admin }),
    );
    if (state.reviewState === 'approved' && state.ifShelves === 1) return;
    expectOk(await step('submit', token.author));
    expectOk(await step('approve', token.admin));
  };
  const publicSubjects = async () =>
    expectOk<{ list: Array<{ subjectNewId: number; newsTitle: string }> }>(
      await postForm(t.app, '/api/news/getSubjectNewsList', { newId: topicId, pageSize: 50 }),
    ).list;
  const operTypes = async (objId: number) =>
    expectOk<Array<{ operType: string }>>(
      await postForm(
        t.app,
        '/api/infoOperLog/infoOperLogList',
        { objId, infoTable: 'T_SUBJECT_NEWS' },
        { token: token.admin },
      ),
    )
      .map((row) => row.operType)
      .reverse();

  it('refuses every call without a login', async () => {
    for (const path of ['list', 'get', 'save', 'delete', 'revisions', 'revision', 'restore']) {
      expectRefusal(await postJson(t.app, `/api/cms/subject/${path}`, {}), 401, 'token错误');
    }
  });

  it('the topic’s author adds a sub-news with a picture set; it shows once the topic is reviewed again', async () => {
    const picture = (
      await t.services.files.save(
        { fileName: '合影.jpg', mimeType: 'image/jpeg', createdBy: author.id },
        Buffer.from('jpeg bytes'),
      )
    ).id;
    const subjectNewId = await save(
      {
        newId: topicId,
        newsTitle: '  第一讲：理论学习  ',
        newsContent: '<p>内容<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
        newcontenttype: 2,
        sort: 1,
        files: JSON.stringify([{ role: 'image', fileId: picture, caption: '全体合影' }]),
      },
      token.author,
    );
    const form = expectOk<SubjectForm>(await cms('get', { subjectNewId }, token.author));
    expect(form).toMatchObject({
      newId: topicId,
      topicTitle: '学习二十大专题',
      newsTitle: '第一讲：理论学习',
      releaseUser: '专题老师',
      sort: 1,
      files: [{ role: 'image', fileId: picture, fileName: '合影.jpg', caption: '全体合影' }],
    });
    expect(form.newsContent).not.toMatch(/script|onerror|alert/);
    // A teacher's change to a topic's part is a change to the topic: back to draft, off the portal.
    const topic = expectOk<{ reviewState: string; ifShelves: number }>(
      await postJson(t.app, '/api/cms/news/get', { newId: topicId }, { token: token.admin }),
    );
    expect(topic).toMatchObject({ reviewState: 'draft', ifShelves: 0 });
    await republish();
    expect((await publicSubjects()).map((s) => s.subjectNewId)).toContain(subjectNewId);
    expect(await operTypes(subjectNewId)).toEqual(['新增']);

    const list = expectOk<{
      newsTitle: string;
      total: number;
      list: Array<{ subjectNewId: number }>;
    }>(await cms('list', { newId: topicId }, token.author));
    expect(list).toMatchObject({ newsTitle: '学习二十大专题', total: 1 });
  });

  it('keeps other teachers out, and refuses a topic that is not one', async () => {
    expectRefusal(
      await cms('save', { newId: topicId, newsTitle: '插一条' }, token.other),
      403,
      '只有管理员或专题发布者可以添加子新闻',
    );
    expectRefusal(
      await cms('list', { newId: topicId }, token.other),
      403,
      '只有管理员、专题发布者或子新闻发布者可以修改',
    );
    const plain = await createNews(t.services, { typeId: 2 }, other);
    expectRefusal(
      await cms('save', { newId: plain, newsTitle: '子新闻' }, token.other),
      400,
      '只有专题新闻可以添加子新闻',
    );
    expectRefusal(
      await cms('save', { newId: 999999, newsTitle: '子新闻' }, token.admin),
      404,
      '专题不存在或已被删除',
    );
    expectRefusal(
      await cms('save', { newId: topicId, newsTitle: '' }, token.admin),
      400,
      '请输入标题，不超过200个字',
    );
    const video = (
      await t.services.files.save(
        { fileName: 'a.pdf', mimeType: 'application/pdf', createdBy: author.id },
        Buffer.from('%PDF-1.4'),
      )
    ).id;
    expectRefusal(
      await cms(
        'save',
        { newId: topicId, newsTitle: '视频', files: [{ role: 'video', fileId: video }] },
        token.author,
      ),
      400,
      '视频集中只能放视频',
    );
  });

  it('edits keep versions that can be compared and restored; an administrator may edit too', async () => {
    const subjectNewId = await save({ newId: topicId, newsTitle: '第二讲' }, token.author);
    await save({ subjectNewId, newId: topicId, newsTitle: '第二讲（修订）' }, token.admin);
    const revisions = expectOk<Array<{ revisionId: number; staffName: string }>>(
      await cms('revisions', { subjectNewId }, token.author),
    );
    expect(revisions.map((r) => r.staffName)).toEqual(['管理员乙', '专题老师']);
    const first = expectOk<{ newsTitle: string }>(
      await cms('revision', { revisionId: revisions[1]!.revisionId }, token.author),
    );
    expect(first.newsTitle).toBe('第二讲');
    expectOk(
      await cms('restore', { subjectNewId, revisionId: revisions[1]!.revisionId }, token.author),
    );
    expect(expectOk<SubjectForm>(await cms('get', { subjectNewId }, token.author)).newsTitle).toBe(
      '第二讲',
    );
    expect(await operTypes(subjectNewId)).toEqual(['新增', '修改', '恢复版本']);
    expectRefusal(
      await cms('revisions', { subjectNewId }, token.other),
      403,
      '只有管理员、专题发布者或子新闻发布者可以修改',
    );
    expectRefusal(await cms('revision', { revisionId: 999999 }, token.author), 404, '该版本不存在');
  });

  it('deletes for the topic’s author; gone from the public list and logged', async () => {
    const subjectNewId = await save({ newId: topicId, newsTitle: '要删除的一讲' }, token.author);
    expectRefusal(
      await cms('delete', { subjectNewId }, token.other),
      403,
      '只有管理员或发布者可以进行此操作',
    );
    expectOk(await cms('delete', { subjectNewId }, token.author));
    await republish();
    expect((await publicSubjects()).map((s) => s.subjectNewId)).not.toContain(subjectNewId);
    expect(await operTypes(subjectNewId)).toEqual(['新增', '删除']);
    expectRefusal(await cms('get', { subjectNewId }, token.author), 404, '子新闻不存在或已被删除');
  });
});
