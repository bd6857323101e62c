import { EXTRACT_CODE_ALPHABET } from '@school/common/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../../test-kit/http.js';

const TOO_MANY = '提取码错误次数过多，请15分钟后再试';
const BURST = 200;

describe('api/share/*: a burst of 提取码 guesses checks exactly the limit', () => {
  let t: TestApp;
  let teacher: TestStaff;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    teacher = await createStaff(t.db, { name: '林老师' });
    token = await login(t.app, teacher);
  });
  afterAll(() => t?.close());

  /** A file on the teacher's own disk, shared with a code. */
  async function sharedWithCode() {
    const file = await t.services.files.save(
      { fileName: '试卷.txt', mimeType: 'text/plain', createdBy: teacher.id },
      Buffer.from('期中试卷'),
    );
    const { resourcesId } = expectOk<{ resourcesId: number }>(
      await postForm(
        t.app,
        '/api/resources/addResource',
        { resourcesType: '1', resourcesPath: `/api/files/${file.id}`, sType: 1 },
        { token },
      ),
    );
    return expectOk<{ shareCode: string; extractCode: string }>(
      await postForm(t.app, '/api/resources/share', { resourcesId, needCode: '1' }, { token }),
    );
  }

  /** Every 4-character code but the right one, as many as asked. */
  const wrongCodes = (right: string, count: number) => {
    const codes: string[] = [];
    for (let i = 0; codes.length < count; i += 1) {
      const code = [0, 1, 2, 3]
        .map((place) => EXTRACT_CODE_ALPHABET[Math.floor(i / 7 ** place) % 7])
        .join('');
      if (code !== right) codes.push(code);
    }
    return codes;
  };

  it('getShareInfo: 200 wrong codes at once, 10 answered 提取码错误, the rest and the right one 429', async () => {
    const link = await sharedWithCode();
    const answers = await Promise.all(
      wrongCodes(link.extractCode, BURST).map((extractCode) =>
        postForm(
          t.app,
          '/api/share/getShareInfo',
          { shareCode: link.shareCode, extractCode },
          { remoteAddress: '10.7.0.1' },
        ),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((code) => code === 403)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(BURST - 10);
    for (const answer of answers.filter((r) => r.statusCode === 429)) {
      expectRefusal(answer, 429, TOO_MANY);
    }
    // The link is closed for the window, to the right code too and from another address.
    expectRefusal(
      await postForm(
        t.app,
        '/api/share/getShareInfo',
        { shareCode: link.shareCode, extractCode: link.extractCode },
        { remoteAddress: '10.7.0.2' },
      ),
      429,
      TOO_MANY,
    );
  });

  it('the file address: 200 wrong codes at once, 10 checked, then the right code 429', async () => {
    const link = await sharedWithCode();
    const get = (extractCode: string, remoteAddress = '10.7.1.1') =>
      t.app.inject({
        url: `/api/share/file/${link.shareCode}?extractCode=${extractCode}`,
        remoteAddress,
      });
    const answers = await Promise.all(wrongCodes(link.extractCode, BURST).map((c) => get(c)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((code) => code === 403)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(BURST - 10);
    expectRefusal(await get(link.extractCode, '10.7.1.2'), 429, TOO_MANY);
  });

  it('opening a link with its right code many times is never throttled', async () => {
    const link = await sharedWithCode();
    for (let i = 0; i < 30; i += 1) {
      const answer = await postForm(
        t.app,
        '/api/share/getShareInfo',
        { shareCode: link.shareCode, extractCode: link.extractCode },
        { remoteAddress: '10.7.2.1' },
      );
      expect(expectOk<{ unlocked: boolean }>(answer).unlocked).toBe(true);
    }
    const counts = await t.db
      .selectFrom('loginThrottle')
      .select('failures')
      .where('key', 'in', [`share-code:${link.shareCode}`, 'share-address:10.7.2.1'])
      .execute();
    expect(counts.every((row) => row.failures === 0)).toBe(true);
  });
});
