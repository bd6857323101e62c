import { expect } from 'vitest';
import { createStaff, type TestStaff } from '../../../../test-kit/factories.js';
import { expectOk, login, postForm } from '../../../../test-kit/http.js';
import type { TestApp } from '../../../../test-kit/app.js';

export interface DavPerson extends TestStaff {
  token: string;
  /** The app password's secret. */
  appPassword: string;
  appPasswordId: number;
  /** Authorization header value for WebDAV. */
  basic: string;
}

/** A staff member with an app password made through the API, as /editPwd makes it. */
export async function davPerson(
  t: TestApp,
  options: Parameters<typeof createStaff>[1] = {},
  name = '我的电脑',
): Promise<DavPerson> {
  const staff = await createStaff(t.db, options);
  const token = await login(t.app, staff);
  const created = expectOk<{ id: number; password: string }>(
    await postForm(t.app, '/api/staff/addAppPassword', { name }, { token }),
  );
  expect(created.password).toBeTruthy();
  return {
    ...staff,
    token,
    appPassword: created.password,
    appPasswordId: created.id,
    basic: `Basic ${Buffer.from(`${staff.code}:${created.password}`).toString('base64')}`,
  };
}
