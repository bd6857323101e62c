import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, postForm } from '../../../test-kit/http.js';

const GET_STAFF_ID = '/api/login/getStaffId';

describe('api/login/getStaffId', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers the id of a known account', async () => {
    const teacher = await createStaff(t.db);
    expect(expectOk(await postForm(t.app, GET_STAFF_ID, { staffCode: teacher.code }))).toBe(
      teacher.id,
    );
  });

  it('answers 404 for an unknown or disabled account', async () => {
    const disabled = await createStaff(t.db, { status: 0 });
    for (const staffCode of ['nobody-here', disabled.code]) {
      expectRefusal(await postForm(t.app, GET_STAFF_ID, { staffCode }), 404, '账号不存在');
    }
  });

  it('asks for the account when it is empty or missing', async () => {
    expectRefusal(await postForm(t.app, GET_STAFF_ID, { staffCode: '' }), 400, '请输入账号');
    expectRefusal(await postForm(t.app, GET_STAFF_ID, {}), 400, '请输入账号');
  });
});
