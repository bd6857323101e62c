import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createDepartment, createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';

const MY_DEPTS = '/api/dept/getDeptList';
const CHILD_DEPTS = '/api/dept/getChildDeptList';

describe('api/dept', () => {
  let t: TestApp;
  let teacher: TestStaff;
  let token: string;
  const dept = { school: 0, grade: 0, office: 0, group: 0 };
  beforeAll(async () => {
    t = await createTestApp();
    dept.school = await createDepartment(t.db, { name: '高中部' });
    dept.grade = await createDepartment(t.db, { name: '高一年级', parentId: dept.school, sort: 2 });
    dept.office = await createDepartment(t.db, {
      name: '年级办公室',
      parentId: dept.school,
      sort: 1,
    });
    dept.group = await createDepartment(t.db, { name: '高一语文组', parentId: dept.grade });
    teacher = await createStaff(t.db, { deptIds: [dept.group, dept.office] });
    token = await login(t.app, teacher);
  });
  afterAll(() => t?.close());

  it("getDeptList answers the caller's departments, the main one first", async () => {
    const rows = expectOk(await postForm(t.app, MY_DEPTS, { userId: teacher.id }, { token }));
    expect(rows).toEqual([
      { deptId: dept.group, deptName: '高一语文组', parentId: dept.grade, ifSelect: 1 },
      { deptId: dept.office, deptName: '年级办公室', parentId: dept.school, ifSelect: 0 },
    ]);
  });

  it('getDeptList answers an empty list for staff in no department', async () => {
    const loner = await login(t.app, await createStaff(t.db));
    expect(expectOk(await postForm(t.app, MY_DEPTS, {}, { token: loner }))).toEqual([]);
  });

  it("getDeptList and getChildDeptList refuse someone else's userId", async () => {
    const other = await createStaff(t.db, { deptIds: [dept.school] });
    const response = await postForm(t.app, MY_DEPTS, { userId: other.id }, { token });
    expectRefusal(response, 403, '只能以自己的身份操作');
    const children = { userId: other.id, deptId: dept.school };
    expectRefusal(
      await postForm(t.app, CHILD_DEPTS, children, { token }),
      403,
      '只能以自己的身份操作',
    );
  });

  it('getChildDeptList answers the children of a department in their order', async () => {
    const response = await postForm(t.app, CHILD_DEPTS, { deptId: dept.school }, { token });
    expect(expectOk(response)).toEqual([
      { deptId: dept.office, deptName: '年级办公室', parentId: dept.school, ifSelect: 0 },
      { deptId: dept.grade, deptName: '高一年级', parentId: dept.school, ifSelect: 0 },
    ]);
    const leaf = await postForm(t.app, CHILD_DEPTS, { deptId: dept.group }, { token });
    expect(expectOk(leaf)).toEqual([]);
  });

  it('getChildDeptList asks for a department when it is missing or not a number', async () => {
    expectRefusal(await postForm(t.app, CHILD_DEPTS, {}, { token }), 400, '请选择部门');
    expectRefusal(
      await postForm(t.app, CHILD_DEPTS, { deptId: 'abc' }, { token }),
      400,
      '请选择部门',
    );
  });

  it('refuses both calls without a login', async () => {
    expectRefusal(await postForm(t.app, MY_DEPTS, {}), 401, 'token错误');
    expectRefusal(await postForm(t.app, CHILD_DEPTS, { deptId: dept.school }), 401, 'token错误');
  });
});
