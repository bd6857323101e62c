import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMagazineSeries } from '../service.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createFile, createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../../test-kit/http.js';

interface Page<T> {
  total: number;
  list: T[];
}
interface Row {
  magazineId: number;
  magazineTitle: string;
  typeId: number;
  typeName: string;
  coverFileId: number | null;
  imgUrl: string;
  thumbUrl: string;
  pdfFileId: number;
  pdfFileName: string;
  filePath: string;
  enabled: number;
  createDate: string;
  version: number;
}

const ADMIN_ONLY = '只有管理员可以进行此操作';

describe('api/cms/magazine: issues of the three series', () => {
  let t: TestApp;
  let teacher: TestStaff;
  let admin: TestStaff;
  const token = { teacher: '', admin: '' };

  beforeAll(async () => {
    t = await createTestApp();
    await seedMagazineSeries(t.db);
    teacher = await createStaff(t.db);
    // isPower 1 without the administrator role: content rights are what count here.
    admin = await createStaff(t.db, { name: '校刊编辑', isPower: 1 });
    token.teacher = await login(t.app, teacher);
    token.admin = await login(t.app, admin);
  });
  afterAll(() => t?.close());

  const cms = (path: string, body: Record<string, unknown>, who: string, remoteAddress?: string) =>
    postJson(t.app, `/api/cms/magazine/${path}`, body, { token: who, remoteAddress });
  const cover = () => createFile(t.services, '封面.png', 'image/png', undefined, admin.id);
  const pdf = (name = '第一期.pdf') =>
    createFile(t.services, name, 'application/pdf', undefined, admin.id);
  const list = async (body: Record<string, unknown>) =>
    expectOk<Page<Row>>(await cms('list', body, token.admin));
  const publicIds = async (typeId: number) =>
    expectOk<Page<{ magazineId: number }>>(
      await postForm(t.app, '/api/magazine/selMagazineList', { typeId, pageSize: 50 }),
    ).list.map((m) => m.magazineId);
  const operTypes = async (magazineId: number) =>
    (
      await t.db
        .selectFrom('operLog')
        .select(['operType', 'staffId', 'ip'])
        .where('infoTable', '=', 'T_MAGAZINE')
        .where('objId', '=', magazineId)
        .orderBy('id')
        .execute()
    ).map((row) => row.operType);

  it('refuses every call without a login, and to teachers', async () => {
    for (const path of ['list', 'save', 'enable', 'delete']) {
      expectRefusal(
        await postJson(t.app, `/api/cms/magazine/${path}`, { magazineId: 1 }),
        401,
        'token错误',
      );
    }
    const pdfId = await pdf();
    expectRefusal(await cms('list', { typeId: 1 }, token.teacher), 403, ADMIN_ONLY);
    expectRefusal(
      await cms('save', { typeId: 1, magazineTitle: '教师自建', pdfFileId: pdfId }, token.teacher),
      403,
      ADMIN_ONLY,
    );
    const magazineId = expectOk<{ magazineId: number }>(
      await cms('save', { typeId: 1, magazineTitle: '第一期', pdfFileId: pdfId }, token.admin),
    ).magazineId;
    expectRefusal(await cms('enable', { magazineId, enabled: 0 }, token.teacher), 403, ADMIN_ONLY);
    expectRefusal(await cms('delete', { magazineId }, token.teacher), 403, ADMIN_ONLY);
    expect(await publicIds(1)).toContain(magazineId);
  });

  it('adds an issue from a form, edits it and lists it by series', async () => {
    const coverId = await cover();
    const pdfId = await pdf('2026春季刊.pdf');
    const response = await postForm(
      t.app,
      '/api/cms/magazine/save',
      {
        magazineId: '',
        typeId: 2,
        magazineTitle: '  2026春季刊  ',
        coverFileId: coverId,
        pdfFileId: pdfId,
      },
      { token: token.admin, remoteAddress: '10.0.0.9' },
    );
    const { magazineId } = expectOk<{ magazineId: number }>(response);
    const listed = await list({ typeId: 2 });
    expect(listed.list[0]).toEqual({
      magazineId,
      magazineTitle: '2026春季刊',
      typeId: 2,
      typeName: '学生文集',
      coverFileId: coverId,
      imgUrl: `/api/files/${coverId}`,
      thumbUrl: `/api/files/${coverId}`,
      pdfFileId: pdfId,
      pdfFileName: '2026春季刊.pdf',
      filePath: `/api/files/${pdfId}`,
      enabled: 1,
      createDate: '2026-03-02 16:00:00',
      version: 0,
    });
    expect(await publicIds(2)).toContain(magazineId);
    expect((await list({ typeId: 3 })).list.map((m) => m.magazineId)).not.toContain(magazineId);

    // Moved to another series, renamed, cover removed.
    await cms(
      'save',
      {
        magazineId,
        typeId: 3,
        magazineTitle: '2026春季刊（教师）',
        coverFileId: 0,
        pdfFileId: pdfId,
      },
      token.admin,
    );
    const moved = (await list({ typeId: 3 })).list.find((m) => m.magazineId === magazineId)!;
    expect(moved).toMatchObject({
      magazineTitle: '2026春季刊（教师）',
      coverFileId: null,
      imgUrl: '',
    });
    expect(await publicIds(2)).not.toContain(magazineId);
    expect(await publicIds(3)).toContain(magazineId);

    const all = await list({ keyword: '教师' });
    expect(all.list.map((m) => m.magazineId)).toEqual([magazineId]);
    const paged = await list({ pageSize: 1, pageNum: 1 });
    expect(paged.list).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);

    expect(await operTypes(magazineId)).toEqual(['新增', '修改']);
    const first = await t.db
      .selectFrom('operLog')
      .select(['staffId', 'staffName', 'ip'])
      .where('infoTable', '=', 'T_MAGAZINE')
      .where('objId', '=', magazineId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(first).toEqual({ staffId: admin.id, staffName: '校刊编辑', ip: '10.0.0.9' });
  });

  it('refuses a file that is not a PDF, a cover that is not a picture and bad input', async () => {
    const picture = await cover();
    const pdfId = await pdf();
    const word = await createFile(
      t.services,
      '文集.docx',
      'application/msword',
      undefined,
      admin.id,
    );
    expectRefusal(
      await cms('save', { typeId: 1, magazineTitle: '不是PDF', pdfFileId: word }, token.admin),
      400,
      '刊物文件须为 PDF',
    );
    expectRefusal(
      await cms('save', { typeId: 1, magazineTitle: '图片当PDF', pdfFileId: picture }, token.admin),
      400,
      '刊物文件须为 PDF',
    );
    expectRefusal(
      await cms(
        'save',
        { typeId: 1, magazineTitle: 'PDF当封面', coverFileId: pdfId, pdfFileId: pdfId },
        token.admin,
      ),
      400,
      '封面须为图片文件',
    );
    expectRefusal(
      await cms('save', { typeId: 1, magazineTitle: '没有的文件', pdfFileId: 987654 }, token.admin),
      400,
      '文件不存在，请重新上传',
    );
    expectRefusal(
      await cms('save', { typeId: 1, magazineTitle: '没有PDF' }, token.admin),
      400,
      '请上传刊物 PDF 文件',
    );
    expectRefusal(
      await cms('save', { typeId: 4, magazineTitle: '第四系列', pdfFileId: pdfId }, token.admin),
      400,
      '请选择刊物系列（1、2 或 3）',
    );
    expectRefusal(
      await cms('save', { typeId: 1, magazineTitle: '   ', pdfFileId: pdfId }, token.admin),
      400,
      '请输入刊物名称',
    );
    expectRefusal(
      await cms(
        'save',
        { typeId: 1, magazineTitle: '长'.repeat(101), pdfFileId: pdfId },
        token.admin,
      ),
      400,
      '请输入刊物名称，不超过100个字',
    );
    expectRefusal(
      await cms(
        'save',
        { magazineId: 999999, typeId: 1, magazineTitle: '不存在', pdfFileId: pdfId },
        token.admin,
      ),
      404,
      '刊物不存在',
    );
    expectRefusal(
      await cms('list', { typeId: 9 }, token.admin),
      400,
      '请选择刊物系列（1、2 或 3）',
    );
    const titles = (await t.db.selectFrom('magazine').select('title').execute()).map(
      (m) => m.title,
    );
    expect(titles).not.toContain('不是PDF');
  });

  it('disabling hides an issue from the portal at once; enabling shows it again', async () => {
    const magazineId = expectOk<{ magazineId: number }>(
      await cms(
        'save',
        {
          typeId: 1,
          magazineTitle: '停用测试刊',
          coverFileId: await cover(),
          pdfFileId: await pdf(),
        },
        token.admin,
      ),
    ).magazineId;
    expect(await publicIds(1)).toContain(magazineId);
    expect(expectOk(await cms('enable', { magazineId, enabled: 0 }, token.admin))).toEqual({
      magazineId,
      enabled: 0,
    });
    expect(await publicIds(1)).not.toContain(magazineId);
    expectRefusal(
      await postForm(t.app, '/api/magazine/selMagazineDetails', { magazineId }),
      404,
      '刊物不存在',
    );
    // Still managed.
    expect((await list({ typeId: 1 })).list.find((m) => m.magazineId === magazineId)!.enabled).toBe(
      0,
    );
    expectRefusal(
      await cms('enable', { magazineId, enabled: 0 }, token.admin),
      400,
      '该刊物已经是停用状态',
    );
    expectOk(await cms('enable', { magazineId, enabled: 1 }, token.admin));
    expect(await publicIds(1)).toContain(magazineId);
    expectRefusal(
      await cms('enable', { magazineId, enabled: 2 }, token.admin),
      400,
      'enabled 须为 0 或 1',
    );
    expect(await operTypes(magazineId)).toEqual(['新增', '停用', '启用']);
  });

  it('is on the content path: a stale form answers 409, showing or hiding makes a form stale, versions kept', async () => {
    const pdfId = await pdf();
    const magazineId = expectOk<{ magazineId: number }>(
      await cms('save', { typeId: 1, magazineTitle: '版本测试刊', pdfFileId: pdfId }, token.admin),
    ).magazineId;
    const read = async () =>
      (await list({ typeId: 1, pageSize: 100 })).list.find((m) => m.magazineId === magazineId)!;
    const form = await read();
    const save = (magazineTitle: string, version: unknown) =>
      postForm(
        t.app,
        '/api/cms/magazine/save',
        { magazineId, typeId: 1, magazineTitle, pdfFileId: pdfId, version: String(version) },
        { token: token.admin },
      );
    expectOk(await save('版本测试刊（甲）', form.version));
    // The same form again, now out of date: refused, nothing written.
    expectRefusal(
      await save('版本测试刊（乙）', form.version),
      409,
      '内容刚被他人修改，请刷新后重试',
    );
    expect(await read()).toMatchObject({
      magazineTitle: '版本测试刊（甲）',
      version: form.version + 1,
    });
    // Hiding it is a write too: the form read before it is out of date.
    const before = await read();
    expectOk(await cms('enable', { magazineId, enabled: 0 }, token.admin));
    expectRefusal(
      await save('版本测试刊（丙）', before.version),
      409,
      '内容刚被他人修改，请刷新后重试',
    );
    // A save keeps the shown state it does not name, and '' is no version.
    expectOk(await save('版本测试刊（丁）', ''));
    expect(await read()).toMatchObject({ magazineTitle: '版本测试刊（丁）', enabled: 0 });
    expectRefusal(await save('版本测试刊（戊）', -1), 400, '版本号不正确，请刷新后重试');
    const versions = await t.db
      .selectFrom('contentRevision')
      .select('snapshot')
      .where('infoTable', '=', 'T_MAGAZINE')
      .where('objId', '=', magazineId)
      .orderBy('id')
      .execute();
    expect(versions.map((v) => (JSON.parse(v.snapshot) as { title: string }).title)).toEqual([
      '版本测试刊',
      '版本测试刊（甲）',
      '版本测试刊（丁）',
    ]);
    expect(await operTypes(magazineId)).toEqual(['新增', '修改', '停用', '修改']);
    // Deleted for good: its versions go with it.
    expectOk(await cms('delete', { magazineId }, token.admin));
    const left = await t.db
      .selectFrom('contentRevision')
      .select('id')
      .where('infoTable', '=', 'T_MAGAZINE')
      .where('objId', '=', magazineId)
      .execute();
    expect(left).toEqual([]);
  });

  it('deletes an issue', async () => {
    const magazineId = expectOk<{ magazineId: number }>(
      await cms(
        'save',
        { typeId: 2, magazineTitle: '将删除的一期', pdfFileId: await pdf() },
        token.admin,
      ),
    ).magazineId;
    expectOk(await cms('delete', { magazineId }, token.admin));
    expect(await publicIds(2)).not.toContain(magazineId);
    expect((await list({ typeId: 2 })).list.map((m) => m.magazineId)).not.toContain(magazineId);
    expectRefusal(await cms('delete', { magazineId }, token.admin), 404, '刊物不存在');
    expectRefusal(await cms('delete', {}, token.admin), 400, '请选择刊物');
    expect(await operTypes(magazineId)).toEqual(['新增', '删除']);
  });
});
