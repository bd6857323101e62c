import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../../test-kit/http.js';

interface Column {
  typeId: number;
  typeName: string;
  parentId: number;
  teacherOpen: number;
  isParent: boolean;
  newsCount: number;
}

describe('api/cms/column: the news columns’ names, order and openness to teachers', () => {
  let t: TestApp;
  const token = { teacher: '', admin: '' };

  beforeAll(async () => {
    t = await createTestApp();
    token.teacher = await login(t.app, await createStaff(t.db, { name: '栏目老师' }));
    token.admin = await login(
      t.app,
      await createStaff(t.db, { name: '栏目管理员', staffType: 5, isPower: 1 }),
    );
  });
  afterAll(() => t?.close());

  const cms = (path: string, body: Record<string, unknown>, who: string) =>
    postJson(t.app, `/api/cms/column/${path}`, body, { token: who });
  const columns = async () => expectOk<Column[]>(await cms('list', {}, token.admin));

  it('refuses anonymous callers and teachers', async () => {
    expectRefusal(await postJson(t.app, '/api/cms/column/list', {}), 401, 'token错误');
    expectRefusal(await cms('list', {}, token.teacher), 403, '只有管理员可以进行此操作');
    expectRefusal(
      await cms('save', { typeId: 2, typeName: '新名字' }, token.teacher),
      403,
      '只有管理员可以进行此操作',
    );
  });

  it('renames a column; the portal’s column list shows the new name at once, and the change is logged', async () => {
    expectOk(await cms('save', { typeId: 6, typeName: '  校友风采 ' }, token.admin));
    expect((await columns()).find((c) => c.typeId === 6)?.typeName).toBe('校友风采');
    const portal = expectOk<Array<{ typeId: number; typeName: string }>>(
      await postForm(t.app, '/api/news/getNewsTypeList', {}),
    );
    expect(portal.find((c) => c.typeId === 6)?.typeName).toBe('校友风采');
    const log = expectOk<Array<{ operType: string }>>(
      await postForm(
        t.app,
        '/api/infoOperLog/infoOperLogList',
        { objId: 6, infoTable: 'T_COLUMN' },
        { token: token.admin },
      ),
    );
    expect(log.map((row) => row.operType)).toEqual(['修改']);
  });

  it('closing a column to teachers stops their posts there; opening it again lets them post', async () => {
    expectOk(await cms('save', { typeId: 3, teacherOpen: 0 }, token.admin));
    expectRefusal(
      await postJson(
        t.app,
        '/api/cms/news/save',
        { typeId: 3, newsTitle: '教育动态稿件' },
        { token: token.teacher },
      ),
      403,
      '该栏目只有管理员可以发布',
    );
    expectOk(await cms('save', { typeId: 3, teacherOpen: 1 }, token.admin));
    expectOk(
      await postJson(
        t.app,
        '/api/cms/news/save',
        { typeId: 3, newsTitle: '教育动态稿件' },
        { token: token.teacher },
      ),
    );
  });

  it('refuses what would break the tree', async () => {
    expectRefusal(
      await cms('save', { typeId: 1, teacherOpen: 1 }, token.admin),
      400,
      '上级栏目只用来归类，不能向教师开放',
    );
    expectRefusal(
      await cms('save', { typeId: 3, typeName: '校园新闻' }, token.admin),
      409,
      '同一上级栏目下已有名为「校园新闻」的栏目',
    );
    expectRefusal(
      await cms('save', { typeId: 3, typeName: '  ' }, token.admin),
      400,
      '请输入栏目名称',
    );
    expectRefusal(await cms('save', { typeId: 999 }, token.admin), 404, '栏目不存在');
    expectRefusal(
      await cms('save', { typeId: 3, teacherOpen: 2 }, token.admin),
      400,
      'teacherOpen 须为 0 或 1',
    );
    expect((await columns()).find((c) => c.typeId === 1)).toMatchObject({
      isParent: true,
      teacherOpen: 0,
    });
  });
});
