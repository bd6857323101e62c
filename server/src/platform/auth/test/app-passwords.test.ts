import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff, strongPassword, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../../test-kit/http.js';

const ADD = '/api/staff/addAppPassword';
const LIST = '/api/staff/getAppPasswords';
const DEL = '/api/staff/delAppPassword';
const LOCKED = '密码错误次数过多，请15分钟后再试';
const NOT_FOUND = '应用专用密码不存在或已撤销';
const HOME = '10.0.0.7';

interface Created {
  id: number;
  name: string;
  password: string;
  createTime: string;
}
interface Listed {
  id: number;
  name: string;
  createTime: string;
  lastUseTime: string;
  lastUseIp: string;
}

describe('app passwords (api/staff/*AppPassword*, platform appPasswords.authenticate)', () => {
  let t: TestApp;
  let teacher: TestStaff;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    teacher = await createStaff(t.db, { name: '王老师' });
    token = await login(t.app, teacher);
  });
  afterEach(() => t?.close());

  const add = (name: string, who = token) => postForm(t.app, ADD, { name }, { token: who });
  const created = async (name: string, who = token) => expectOk<Created>(await add(name, who));
  const list = async (who = token) =>
    expectOk<Listed[]>(await postForm(t.app, LIST, {}, { token: who }));
  const authenticate = (code: string, password: string, ip = HOME) =>
    t.services.appPasswords.authenticate(code, password, ip);

  it('creates one, answers its password once, lists it without it, and it opens WebDAV', async () => {
    const made = await created('  办公室电脑  ');
    expect(made).toEqual({
      id: expect.any(Number),
      name: '办公室电脑',
      password: expect.stringMatching(/^[2-9a-hjkmnp-z]{7}(-[2-9a-hjkmnp-z]{7}){3}$/),
      createTime: '2026-03-02 16:00:00',
    });
    const listed = await list();
    expect(listed).toEqual([
      {
        id: made.id,
        name: '办公室电脑',
        createTime: '2026-03-02 16:00:00',
        lastUseTime: '',
        lastUseIp: '',
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(made.password);
    // Stored hashed: the secret is nowhere in the row.
    const row = await t.db.selectFrom('appPassword').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(made.password.replace(/-/g, ''));

    const user = await authenticate(teacher.code, made.password);
    expect(user).toEqual({
      staff: {
        id: teacher.id,
        code: teacher.code,
        name: '王老师',
        staffType: 2,
        isPower: teacher.isPower,
        isAdmin: teacher.isAdmin,
        email: null,
        schoolId: 1,
        whetherpass: 1,
        sessionId: 0,
      },
      appPassword: { id: made.id, name: '办公室电脑' },
    });
    // As typed by hand: upper case, spaces instead of dashes.
    const typed = made.password.toUpperCase().replace(/-/g, ' ');
    expect((await authenticate(` ${teacher.code} `, typed))?.appPassword.id).toBe(made.id);
  });

  it('records the last use at most once a minute', async () => {
    const made = await created('手机');
    await authenticate(teacher.code, made.password, '10.0.0.8');
    expect((await list())[0]).toMatchObject({
      lastUseTime: '2026-03-02 16:00:00',
      lastUseIp: '10.0.0.8',
    });
    t.clock.advanceMinutes(0.5);
    await authenticate(teacher.code, made.password, '10.0.0.9');
    expect((await list())[0]).toMatchObject({
      lastUseTime: '2026-03-02 16:00:00',
      lastUseIp: '10.0.0.8',
    });
    t.clock.advanceMinutes(1);
    await authenticate(teacher.code, made.password, '10.0.0.9');
    expect((await list())[0]).toMatchObject({
      lastUseTime: '2026-03-02 16:01:30',
      lastUseIp: '10.0.0.9',
    });
  });

  it('never takes the account password, another person’s code or a wrong one', async () => {
    const made = await created('家里电脑');
    const other = await createStaff(t.db);
    expect(await authenticate(teacher.code, teacher.password)).toBeNull();
    expect(await authenticate(other.code, made.password)).toBeNull();
    expect(await authenticate('', made.password)).toBeNull();
    expect(await authenticate(teacher.code, '')).toBeNull();
    const wrong = made.password.startsWith('a')
      ? `b${made.password.slice(1)}`
      : `a${made.password.slice(1)}`;
    expect(await authenticate(teacher.code, wrong)).toBeNull();
  });

  it('revoked: refused at once; only the owner may revoke, another person’s id looks missing', async () => {
    const made = await created('WPS');
    const other = await createStaff(t.db);
    const otherToken = await login(t.app, other);

    expectRefusal(
      await postForm(t.app, DEL, { id: made.id }, { token: otherToken }),
      404,
      NOT_FOUND,
    );
    expectRefusal(
      await postForm(t.app, DEL, { id: made.id + 1000 }, { token: otherToken }),
      404,
      NOT_FOUND,
    );
    expect(await list(otherToken)).toEqual([]);
    expect(await authenticate(teacher.code, made.password)).not.toBeNull();

    expectOk(await postForm(t.app, DEL, { id: made.id }, { token }));
    expect(await list()).toEqual([]);
    expect(await authenticate(teacher.code, made.password)).toBeNull();
    expectRefusal(await postForm(t.app, DEL, { id: made.id }, { token }), 404, NOT_FOUND);
    expectRefusal(
      await postForm(t.app, DEL, { id: '' }, { token }),
      400,
      '请选择要撤销的应用专用密码',
    );
  });

  it('refuses an empty, too long or repeated name, and more than twenty, in Chinese', async () => {
    expectRefusal(await add(''), 400, '请填写名称，例如“办公室电脑”');
    expectRefusal(await add('   '), 400, '请填写名称，例如“办公室电脑”');
    expectRefusal(await postForm(t.app, ADD, {}, { token }), 400, '请填写名称，例如“办公室电脑”');
    expectRefusal(await add('长'.repeat(31)), 400, '名称不能超过30个字');
    await created('长'.repeat(30));
    await created('笔记本');
    expectRefusal(await add(' 笔记本 '), 400, '已有同名的应用专用密码，请换一个名称');
    // Another person may use the same name.
    const other = await createStaff(t.db);
    await created('笔记本', await login(t.app, other));

    for (let i = 3; i <= 20; i++) await created(`设备${i}`);
    expectRefusal(await add('第二十一个'), 400, '应用专用密码最多20个，请先撤销不再使用的');
    expect(await list()).toHaveLength(20);
  });

  it('is for logged-in staff only', async () => {
    expectRefusal(await postForm(t.app, ADD, { name: '电脑' }), 401, 'token错误');
    expectRefusal(await postForm(t.app, LIST, {}), 401, 'token错误');
    expectRefusal(await postJson(t.app, DEL, { id: 1 }), 401, 'token错误');
  });

  it('stops working when an administrator disables the account, and again when enabled', async () => {
    const made = await created('办公室电脑');
    const admin = await createStaff(t.db, { staffType: 5 });
    const adminToken = await login(t.app, admin);
    const setStatus = (status: number) =>
      postJson(
        t.app,
        '/api/cms/staff/setStatus',
        { staffId: teacher.id, status },
        { token: adminToken },
      );

    expectOk(await setStatus(0));
    expect(await authenticate(teacher.code, made.password)).toBeNull();
    expectOk(await setStatus(1));
    expect(await authenticate(teacher.code, made.password)).not.toBeNull();
  });

  it('keeps app passwords when the account password is changed', async () => {
    const made = await created('办公室电脑');
    const newPassword = strongPassword();
    expectOk(
      await postForm(
        t.app,
        '/api/login/updateUserPwd.do',
        { oldStaffPass: teacher.password, newStaffPass: newPassword },
        { token },
      ),
    );
    expect(await authenticate(teacher.code, made.password)).not.toBeNull();
    expect(await authenticate(teacher.code, newPassword)).toBeNull();
  });

  it('is throttled with the login: five failures close this address, even to the right password', async () => {
    const made = await created('办公室电脑');
    const GUESSER = '10.0.0.66';
    for (let i = 0; i < 5; i++) {
      expect(await authenticate(teacher.code, `wrong-${i}`, GUESSER)).toBeNull();
    }
    await expect(authenticate(teacher.code, made.password, GUESSER)).rejects.toMatchObject({
      statusCode: 429,
      message: LOCKED,
    });
    // The same count as the login's: the web login is closed at that address too.
    expectRefusal(
      await postForm(
        t.app,
        '/api/login/login',
        { staffCode: teacher.code, staffPass: teacher.password, staffType: 2 },
        { remoteAddress: GUESSER },
      ),
      429,
      LOCKED,
    );
    // The owner elsewhere is not locked out; the window's end opens the address again.
    expect(await authenticate(teacher.code, made.password, HOME)).not.toBeNull();
    t.clock.advanceMinutes(16);
    expect(await authenticate(teacher.code, made.password, GUESSER)).not.toBeNull();
  });

  it('a success clears the failures at that address; successes write no throttle rows', async () => {
    const made = await created('办公室电脑');
    const throttleRows = () =>
      t.db.selectFrom('loginThrottle').selectAll().orderBy('key').execute();
    await authenticate(teacher.code, made.password);
    const afterFirst = await throttleRows();
    await authenticate(teacher.code, made.password);
    expect(await throttleRows()).toEqual(afterFirst);

    for (let i = 0; i < 4; i++) expect(await authenticate(teacher.code, `wrong-${i}`)).toBeNull();
    expect(await authenticate(teacher.code, made.password)).not.toBeNull();
    for (let i = 0; i < 4; i++) expect(await authenticate(teacher.code, `wrong-${i}`)).toBeNull();
    expect(await authenticate(teacher.code, made.password)).not.toBeNull();
  });
});
