import { handoffSign, identitySign, type HandoffFields } from '@school/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../test-kit/factories.js';
import {
  expectOk,
  expectRefusal,
  login,
  postForm,
  type RequestOptions,
} from '../../../test-kit/http.js';

/** intranet.md §4, §7: the linked systems' server-to-server calls, and /publicPage's entries. */

const OA_SECRET = 'oa-secret-0123456789abcdef';
const LEAVE_SECRET = 'leave-secret-0123456789abcdef';

let t: TestApp;
let teacher: TestStaff;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ env: { LINKED_SYSTEMS: `oa=${OA_SECRET}, leave=${LEAVE_SECRET}` } });
  teacher = await createStaff(t.db, { name: '钱老师', email: 'qian@school.example' });
  token = await login(t.app, teacher);
});
afterAll(() => t?.close());

const system = (code: string, secret: string) => ({
  headers: { 'x-system': code, authorization: `Bearer ${secret}` },
});

/** The fields a page posts to a linked system (visitType 21: leave approval), and its sign. */
const handoff = (extra: Partial<HandoffFields> = {}) => {
  const fields: HandoffFields = {
    staffType: teacher.staffType,
    staffId: teacher.id,
    staffCode: teacher.code,
    signStatus: 'P',
    TIMESTAMP: t.clock.now().getTime(),
    token,
    visitType: 21,
    ...extra,
  };
  return { ...fields, sign: handoffSign(fields) };
};

describe('api/linked/verifyHandoff', () => {
  it('answers who a genuine hand-off is for, once per system', async () => {
    const form = handoff();
    const res = await postForm(t.app, '/api/linked/verifyHandoff', form, system('oa', OA_SECRET));
    expect(res.json()).toEqual({
      status: 0,
      msg: '校验通过',
      data: {
        staffId: teacher.id,
        staffCode: teacher.code,
        staffName: '钱老师',
        staffType: 2,
        isPower: 0,
        email: 'qian@school.example',
      },
    });
    // Replayed to the same system: refused; another system may verify what it was sent.
    expectRefusal(
      await postForm(t.app, '/api/linked/verifyHandoff', form, system('oa', OA_SECRET)),
      409,
      '该请求已验证过，请回到页面重新点击',
    );
    expectOk(
      await postForm(t.app, '/api/linked/verifyHandoff', form, system('leave', LEAVE_SECRET)),
    );
  });

  it('takes the intranet’s form (six fields signed) too, and a re-signed copy is the same request', async () => {
    const at = t.clock.now().getTime() + 500;
    const { sign: _full, ...fields } = handoff({ TIMESTAMP: at, visitType: 7 });
    const intranet = { ...fields, sign: identitySign(fields) };
    expectOk(await postForm(t.app, '/api/linked/verifyHandoff', intranet, system('oa', OA_SECRET)));
    const resigned = { ...fields, visitType: 8 };
    expectRefusal(
      await postForm(
        t.app,
        '/api/linked/verifyHandoff',
        { ...resigned, sign: handoffSign(resigned) },
        system('oa', OA_SECRET),
      ),
      409,
      '该请求已验证过，请回到页面重新点击',
    );
  });

  it('refuses a forged, an expired or a signed-out hand-off, and an unknown system', async () => {
    const verify = (
      form: Record<string, string | number>,
      who: RequestOptions = system('oa', OA_SECRET),
    ) => postForm(t.app, '/api/linked/verifyHandoff', form, who);
    const forged = {
      ...handoff({ TIMESTAMP: t.clock.now().getTime() + 1 }),
      staffId: teacher.id + 1,
    };
    expectRefusal(await verify(forged), 400, '签名不正确');
    const old = handoff({ TIMESTAMP: t.clock.now().getTime() - 6 * 60_000 });
    expectRefusal(await verify(old), 400, '请求已过期，请回到页面重新点击');
    const noSession = handoff({
      token: 'not-a-session-token',
      TIMESTAMP: t.clock.now().getTime() + 2,
    });
    expectRefusal(await verify(noSession), 401, 'token错误');

    const fresh = handoff({ TIMESTAMP: t.clock.now().getTime() + 3 });
    for (const who of [
      system('oa', 'wrong-secret-0123456789'),
      system('jw', OA_SECRET),
      { headers: { 'x-system': 'oa' } },
      {},
    ]) {
      expectRefusal(await verify(fresh, who), 401, '未知的系统或密钥不正确');
    }
    // Still good after the refusals: nothing was used up.
    expectOk(await verify(fresh));
  });
});

describe('entry tickets and /publicPage', () => {
  const ticketFor = async (fields: Record<string, string | number>) =>
    expectOk<{ entryUrl: string; expiresIn: number }>(
      await postForm(t.app, '/api/linked/entryTicket', fields, system('oa', OA_SECRET)),
    );
  const ticketOf = (entryUrl: string) => new URL(entryUrl, 'http://x').searchParams.get('ticket')!;

  it('gives a one-time, two-minute entry that logs the person in and names where to go', async () => {
    const { entryUrl, expiresIn } = await ticketFor({ staffCode: teacher.code, typePage: 2 });
    expect(entryUrl).toMatch(/^\/publicPage\?ticket=[\w-]{20,}$/);
    expect(expiresIn).toBe(120);
    const ticket = ticketOf(entryUrl);
    const entered = await postForm(t.app, '/api/cms/enter', { ticket });
    expect(entered.json()).toMatchObject({
      status: 0,
      msg: '登录成功',
      data: { staffId: teacher.id, target: '/teachPage' },
    });
    expectRefusal(
      await postForm(t.app, '/api/cms/enter', { ticket }),
      400,
      '链接已失效，请回到页面重新点击【编辑】',
    );

    const portal = await ticketFor({ staffCode: teacher.code, typePage: 1 });
    expect(
      expectOk<{ target: string }>(
        await postForm(t.app, '/api/cms/enter', { ticket: ticketOf(portal.entryUrl) }),
      ).target,
    ).toBe('/index');

    const late = await ticketFor({ staffCode: teacher.code });
    t.clock.advanceMinutes(3);
    expectRefusal(
      await postForm(t.app, '/api/cms/enter', { ticket: ticketOf(late.entryUrl) }),
      400,
      '链接已失效，请回到页面重新点击【编辑】',
    );
  });

  it('is asked for by a known system only, for an active account', async () => {
    const ask = (fields: Record<string, string | number>, who: object) =>
      postForm(t.app, '/api/linked/entryTicket', fields, who);
    expectRefusal(await ask({ staffCode: teacher.code }, {}), 401, '未知的系统或密钥不正确');
    expectRefusal(
      await ask({ staffCode: 'nobody' }, system('oa', OA_SECRET)),
      400,
      '账号不存在或已停用',
    );
    expectRefusal(
      await ask({ staffCode: teacher.code, typePage: 3 }, system('oa', OA_SECRET)),
      400,
      'typePage 须为 1（门户首页）或 2（校内网首页）',
    );
  });

  it('refuses a password from an address unless PUBLIC_ENTRY_PASSWORD is set', async () => {
    const fields = { staffCode: teacher.code, staffPass: teacher.password, staffType: 2 };
    expectRefusal(
      await postForm(t.app, '/api/login/publicEntry', fields),
      403,
      '未开启地址栏登录，请从学校的系统入口进入或在首页登录',
    );
    const open = await createTestApp({ env: { PUBLIC_ENTRY_PASSWORD: 'true' } });
    try {
      const other = await createStaff(open.db);
      const res = await postForm(open.app, '/api/login/publicEntry', {
        staffCode: other.code,
        staffPass: other.password,
        staffType: 2,
      });
      expect(res.json()).toMatchObject({ status: 0, msg: '登录成功', data: { staffId: other.id } });
      expectRefusal(
        await postForm(open.app, '/api/login/publicEntry', {
          ...fields,
          staffCode: other.code,
          staffPass: 'Wrong-pass-1',
        }),
        400,
        '账号或密码错误',
      );
    } finally {
      await open.close();
    }
  });
});

describe('LINKED_SYSTEMS', () => {
  it('takes code=secret pairs and refuses short secrets and bad codes', () => {
    const config = loadConfig({ LINKED_SYSTEMS: `oa=${OA_SECRET},leave=${LEAVE_SECRET}` });
    expect([...config.linkedSystems.keys()]).toEqual(['oa', 'leave']);
    expect(loadConfig({}).linkedSystems.size).toBe(0);
    expect(() => loadConfig({ LINKED_SYSTEMS: 'oa=short' })).toThrow('at least 16 characters');
    expect(() => loadConfig({ LINKED_SYSTEMS: `o a=${OA_SECRET}` })).toThrow(
      'is not a system code',
    );
    expect(loadConfig({}).publicEntryPassword).toBe(false);
  });
});
