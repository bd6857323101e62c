import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, login, postForm } from '../../../test-kit/http.js';
import { useMailWorld } from '../../../test-kit/mail.js';
import { tableOf } from '../text-index.js';

type Fields = Record<string, string | number>;
interface Page<T> {
  total: number;
  list: T[];
}

/** How many items of `kind` the private text index holds among `ids`. */
async function indexed(t: TestApp, kind: 'mail' | 'drive', ids: number[]) {
  const id = sql.ref(t.dialect === 'postgres' ? 'obj_id' : 'rowid');
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM ${tableOf(t.dialect, kind)} WHERE ${id} IN (${sql.join(ids)})`.execute(
    t.db,
  );
  return Number(rows[0]!.n);
}

/** The plan of the index's lookup for a keyword: it must come from the index, not a scan. */
async function lookupPlan(t: TestApp, kind: 'mail' | 'drive', keyword: string) {
  const candidates = t.services.texts.candidates(kind, keyword)!;
  const query = sql`SELECT 1 AS found WHERE 0 IN ${candidates}`.compile(t.db);
  return t.db.connection().execute(async (conn) => {
    if (t.dialect === 'postgres') await sql`SET enable_seqscan = off`.execute(conn);
    const explain = t.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN';
    const { rows } = await conn.executeQuery<Record<string, string>>({
      ...query,
      sql: `${explain} ${query.sql}`,
    });
    if (t.dialect === 'postgres') await sql`RESET enable_seqscan`.execute(conn);
    return rows.map((r) => r.detail ?? r['QUERY PLAN']).join('\n');
  });
}

function expectIndexLookup(t: TestApp, plan: string) {
  expect(plan).toMatch(
    t.dialect === 'sqlite' ? /VIRTUAL TABLE INDEX/ : /text_terms_(mail|drive)_idx/,
  );
}

describe('mail keyword search through the text index', () => {
  const { w, ok, send, inbox, outbox } = useMailWorld();
  const titles = async (who: string, keyword: string) =>
    (await inbox(who, { keyword, pageSize: 50 })).list.map((item) => item.inmailTitle).sort();

  it('finds the mails whose subject, body or sender hold the keyword, exactly', async () => {
    const { inmailId: review } = await send({
      idRoleReceiveArr: `${w.alice.id}`,
      inmailTitle: '期末复习安排',
      inmailContent: '<p>请各位老师准备<b>试卷</b>。复习，习试，试卷</p>',
    });
    const { inmailId: sports } = await send({
      idRoleReceiveArr: `${w.alice.id},${w.bob.id}`,
      inmailTitle: '运动会通知',
      inmailContent: '<p>English Week starts on Monday.</p>',
    });
    expect(await indexed(w.t, 'mail', [review, sports])).toBe(2);

    expect(await titles(w.token.alice, '复习')).toEqual(['期末复习安排']);
    expect(await titles(w.token.alice, '复习安排')).toEqual(['期末复习安排']);
    // Its body (a bold word runs on as the page shows it), and the sender's name.
    expect(await titles(w.token.alice, '准备试卷')).toEqual(['期末复习安排']);
    expect(await titles(w.token.alice, '发件老师')).toEqual(['期末复习安排', '运动会通知']);
    // Every pair of the keyword is in the mail, the keyword itself is not: not found.
    expect(await titles(w.token.alice, '复习试卷')).toEqual([]);
    expect(await titles(w.token.alice, '安排复习')).toEqual([]);
    // Latin letters are matched as written, alone or beside Chinese ones.
    expect(await titles(w.token.alice, 'English Week')).toEqual(['运动会通知']);
    expect(await titles(w.token.alice, '运动会通知English')).toEqual([]);
    // Only one's own entries: bob was not sent the first.
    expect(await titles(w.token.bob, '复习')).toEqual([]);
    expect(await titles(w.token.bob, '运动会')).toEqual(['运动会通知']);

    // The sent box finds a mail by its recipients' names.
    const sent = await outbox(w.token.sender, { keyword: '收件乙', pageSize: 50 });
    expect(sent.list.map((item) => item.inmailTitle)).toEqual(['运动会通知']);
    expectIndexLookup(w.t, await lookupPlan(w.t, 'mail', '复习'));
  });

  it('keeps a keyword page only while the inbox stays as it was', async () => {
    const search = (who: string, extra: Fields = {}) =>
      inbox(who, { keyword: '教研活动', pageSize: 50, ...extra });
    const shown = async (who: string, extra: Fields = {}) => {
      const page = await search(who, extra);
      expect(page.total).toBe(page.list.length);
      return page.list.map((item) => item.inmailId);
    };
    const { inmailId: first } = await send({
      idRoleReceiveArr: `${w.alice.id},${w.bob.id}`,
      inmailTitle: '教研活动安排',
      inmailContent: '<p>周三下午</p>',
    });
    expect(await shown(w.token.alice)).toEqual([first]);
    // Asked at the same moment: the same answer for all.
    const together = await Promise.all([1, 2, 3, 4].map(() => search(w.token.alice)));
    for (const answer of together) expect(answer).toEqual(together[0]);

    // A new mail is found at once, by its recipient only.
    const { inmailId: second } = await send({
      idRoleReceiveArr: `${w.alice.id}`,
      inmailTitle: '教研活动记录',
      inmailContent: '<p>周五上午</p>',
    });
    expect(await shown(w.token.alice)).toEqual([second, first]);
    expect(await shown(w.token.bob)).toEqual([first]);
    expect(await shown(w.token.outsider)).toEqual([]);

    // Read and unread follow a read mark at once.
    expect(await shown(w.token.alice, { inmainState: 1 })).toEqual([second, first]);
    const entry = (await search(w.token.alice)).list.find((item) => item.inmailId === first)!;
    await ok('updateRead', { receiveId: entry.receiveId }, w.token.alice);
    expect(await shown(w.token.alice, { inmainState: 1 })).toEqual([second]);
    expect(await shown(w.token.alice, { inmainState: 2 })).toEqual([first]);

    // A deletion, and a recall of a mail nobody has opened.
    await ok('delReceive', { receiveIdArr: String(entry.receiveId) }, w.token.alice);
    expect(await shown(w.token.alice)).toEqual([second]);
    expect(await shown(w.token.bob)).toEqual([first]);
    const sent = (await outbox(w.token.sender, { keyword: '教研活动记录' })).list[0]!;
    await ok('recall', { sendId: sent.sendId }, w.token.sender);
    expect(await shown(w.token.alice)).toEqual([]);
  });

  it('forgets a mail once nobody holds it any more', async () => {
    const { inmailId } = await send({
      idRoleReceiveArr: `${w.bob.id}`,
      inmailTitle: '临时借用教室',
      inmailContent: '<p>下午第三节</p>',
    });
    expect(await indexed(w.t, 'mail', [inmailId])).toBe(1);
    const entry = (await inbox(w.token.bob, { keyword: '借用教室' })).list[0]!;
    expect(entry.inmailId).toBe(inmailId);
    await ok('delReceive', { receiveIdArr: String(entry.receiveId) }, w.token.bob);
    expect(await indexed(w.t, 'mail', [inmailId])).toBe(1);
    const sent = (await outbox(w.token.sender, { keyword: '借用教室' })).list[0]!;
    await ok('delSend', { sendIdArr: String(sent.sendId) }, w.token.sender);
    expect(await indexed(w.t, 'mail', [inmailId])).toBe(0);
    expect((await outbox(w.token.sender, { keyword: '借用教室' })).total).toBe(0);
  });
});

describe('drive keyword search through the text index', () => {
  let t: TestApp;
  let admin: TestStaff;
  let teacher: TestStaff;
  const token = { admin: '', teacher: '' };
  let folder = 0;
  let other = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    teacher = await createStaff(t.db, { name: '林晓梅' });
    token.admin = await login(t.app, admin);
    token.teacher = await login(t.app, teacher);
    folder = (await ok<{ fid: number }>('addFolder', { fName: '物理', sType: 0 }, token.admin)).fid;
    other = (await ok<{ fid: number }>('addFolder', { fName: '化学', sType: 0 }, token.admin)).fid;
  });
  afterAll(() => t?.close());

  const call = (path: string, fields: Fields, who: string) =>
    postForm(t.app, `/api/resources/${path}`, fields, { token: who });
  async function ok<T>(path: string, fields: Fields, who: string) {
    return expectOk<T>(await call(path, fields, who));
  }
  const add = async (who: TestStaff, name: string, description = '') => {
    const file = await t.services.files.save(
      { fileName: name, mimeType: 'text/plain; charset=utf-8', createdBy: who.id },
      Buffer.from('讲义正文', 'utf8'),
    );
    return (
      await ok<{ resourcesId: number }>(
        'addResource',
        {
          fId: folder,
          resourcesType: '1',
          resourcesPath: `/api/files/${file.id}`,
          resourcesDesc: description,
        },
        who === admin ? token.admin : token.teacher,
      )
    ).resourcesId;
  };
  const found = async (keyword: string) =>
    (
      await ok<Page<{ resourcesName: string }>>(
        'searchResources',
        { zylxType: 1, KeywordName: keyword, pageSize: 50 },
        token.admin,
      )
    ).list
      .map((row) => row.resourcesName)
      .sort();

  it('finds files by name, description and uploader, exactly; edits and deletions follow', async () => {
    const outline = await add(teacher, '高一物理复习提纲.txt', '力学 Newton 三定律');
    const lab = await add(admin, '化学实验记录.txt', '复习，习提，提纲');
    expect(await indexed(t, 'drive', [outline, lab])).toBe(2);

    expect(await found('复习提纲')).toEqual(['高一物理复习提纲.txt']);
    expect(await found('物理复习')).toEqual(['高一物理复习提纲.txt']);
    expect(await found('三定律')).toEqual(['高一物理复习提纲.txt']);
    // The uploader's name finds their files (looked up as it is now, not as it was).
    expect(await found('晓梅')).toEqual(['高一物理复习提纲.txt']);
    expect(await found('Newton')).toEqual(['高一物理复习提纲.txt']);
    expect(await found('复习')).toEqual(['化学实验记录.txt', '高一物理复习提纲.txt']);
    // Each pair of 复习提纲 is in the lab record's description, the words are not.
    expect(await found('习提纲')).toEqual(['高一物理复习提纲.txt']);
    expect(await found('力学Newton')).toEqual([]);

    // A new name is found at once, the old one no more.
    await ok(
      'editResource',
      {
        resourcesId: outline,
        resourcesName: '高一物理期中试卷.txt',
        resourcesType: '1',
        resourcesFileType: '9',
        resourcesIsOpen: '2',
        resourcesIsComment: '1',
        resourcesDesc: '力学',
      },
      token.teacher,
    );
    expect(await found('复习提纲')).toEqual([]);
    expect(await found('期中试卷')).toEqual(['高一物理期中试卷.txt']);

    // A copy is found too; a deleted file is forgotten.
    await ok(
      'moveResource',
      { resourcesId: outline, moveType: 1, fIdOld: folder, fIdNew: other, sType: 0 },
      token.admin,
    );
    expect(await found('期中试卷')).toEqual(['高一物理期中试卷.txt', '高一物理期中试卷.txt']);
    await ok('delResource', { resourcesId: outline }, token.admin);
    expect(await indexed(t, 'drive', [outline])).toBe(0);
    expect(await found('期中试卷')).toEqual(['高一物理期中试卷.txt']);

    // Deleting a folder forgets its files.
    const copy = (
      await ok<Page<{ resourcesId: number }>>(
        'searchResources',
        { zylxType: 1, KeywordName: '期中试卷' },
        token.admin,
      )
    ).list[0]!.resourcesId;
    expect(await indexed(t, 'drive', [copy])).toBe(1);
    await ok('delFolder', { fId: other }, token.admin);
    expect(await indexed(t, 'drive', [copy])).toBe(0);
    expect(await found('期中试卷')).toEqual([]);
    expectIndexLookup(t, await lookupPlan(t, 'drive', '复习'));
  });

  it("finds another's private library file only for its uploader and the administrators", async () => {
    const colleague = await createStaff(t.db, { name: '周老师' });
    const otherToken = await login(t.app, colleague);
    const file = await t.services.files.save(
      {
        fileName: '月考复习私有.txt',
        mimeType: 'text/plain; charset=utf-8',
        createdBy: teacher.id,
      },
      Buffer.from('私有', 'utf8'),
    );
    await ok(
      'addResource',
      {
        fId: folder,
        resourcesType: '1',
        resourcesPath: `/api/files/${file.id}`,
        resourcesIsOpen: '1',
      },
      token.teacher,
    );
    // The keyword goes through the text index (the query is driven from its matches).
    const names = async (who: string) =>
      (
        await ok<Page<{ resourcesName: string }>>(
          'searchResources',
          { zylxType: 1, KeywordName: '月考复习', pageSize: 50 },
          who,
        )
      ).list.map((row) => row.resourcesName);
    expect(await names(token.teacher)).toEqual(['月考复习私有.txt']);
    expect(await names(token.admin)).toEqual(['月考复习私有.txt']);
    const refused = await ok<Page<unknown>>(
      'searchResources',
      { zylxType: 1, KeywordName: '月考复习', pageSize: 50 },
      otherToken,
    );
    expect(refused).toEqual({ total: 0, list: [] });
    // Nor in the folder's page, by keyword.
    const inFolder = await ok<Page<unknown>>(
      'getFolderFiles',
      { fId: folder, KeywordName: '月考复习', pageSize: 50 },
      otherToken,
    );
    expect(inFolder.total).toBe(0);
  });
});
