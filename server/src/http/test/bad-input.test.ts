import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-kit/app.js';
import { createFile, createStaff } from '../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../test-kit/http.js';

const UPLOAD_INCOMPLETE = '上传内容不完整，请重新上传';
const NUL_REFUSAL = '请求内容含有不允许的空字符';

/** The three multipart upload calls (issue 16, finding 8). */
const UPLOADS = [
  '/api/resources/upload.do',
  '/api/email/upload',
  '/api/cms/upload?kind=attachment',
];

const PART_HEAD =
  'Content-Disposition: form-data; name="file"; filename="a.txt"\r\n' +
  'Content-Type: text/plain\r\n\r\n';

describe('bad input answers 4xx with a Chinese message, never a 5xx (issue 16, finding 8)', () => {
  let t: TestApp;
  let admin = '';
  let adminId = 0;
  let teacher = '';

  beforeAll(async () => {
    t = await createTestApp();
    // A service that writes a reference without looking first (no route does so now).
    t.app.post('/api/test/dangling', { config: { access: 'public' } }, async () => {
      await t.db
        .insertInto('contact')
        .values({ ownerId: 999_999, staffId: 999_998, createdAt: new Date().toISOString() })
        .execute();
      return { status: 0, msg: '', data: null };
    });
    const administrator = await createStaff(t.db, { staffType: 5 });
    adminId = administrator.id;
    admin = await login(t.app, administrator);
    teacher = await login(t.app, await createStaff(t.db));
  });
  afterAll(() => t?.close());

  const multipart = (url: string, contentType: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${teacher}`, 'content-type': contentType },
      payload,
    });

  it.each(UPLOADS)('%s: multipart without a boundary', async (url) => {
    expectRefusal(
      await multipart(url, 'multipart/form-data', `--x\r\n${PART_HEAD}hello`),
      400,
      UPLOAD_INCOMPLETE,
    );
  });

  it.each(UPLOADS)('%s: multipart cut off in the middle of its file', async (url) => {
    expectRefusal(
      await multipart(url, 'multipart/form-data; boundary=xx', `--xx\r\n${PART_HEAD}hello`),
      400,
      UPLOAD_INCOMPLETE,
    );
  });

  it.each(UPLOADS)('%s: a boundary longer than multipart allows', async (url) => {
    const boundary = 'b'.repeat(300);
    expectRefusal(
      await multipart(
        url,
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\n${PART_HEAD}hello\r\n--${boundary}--\r\n`,
      ),
      400,
      UPLOAD_INCOMPLETE,
    );
  });

  it('the resumable upload address with a NUL byte in its id', async () => {
    const headers = {
      authorization: `Bearer ${teacher}`,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    };
    for (const method of ['PATCH', 'HEAD', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/resources/tus/%00',
        headers,
        payload: method === 'PATCH' ? 'x' : undefined,
      });
      expect(response.statusCode, `${method} ${response.body}`).toBe(400);
      if (method !== 'HEAD') expectRefusal(response, 400, NUL_REFUSAL);
    }
  });

  it('an address that is not valid percent-encoding gets the envelope', async () => {
    expectRefusal(
      await t.app.inject({ method: 'GET', url: '/api/files/%ff' }),
      400,
      '请求地址不正确',
    );
  });

  it('a NUL byte in any keyword of any list, form or JSON, on both databases', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        { post?: { requestBody?: { content: Record<string, { schema: SchemaLike }> } } }
      >;
    }>();
    const withKeyword = Object.entries(document.paths)
      .filter(([, item]) => {
        const content = item.post?.requestBody?.content ?? {};
        return Object.values(content).some((c) => c.schema.properties?.keyword);
      })
      .map(([path]) => path);
    // The mail lists and the content platform's lists are among them.
    expect(withKeyword).toEqual(
      expect.arrayContaining([
        '/api/email/getReceiveList',
        '/api/email/getSendList',
        '/api/email/getDraftList',
        '/api/cms/news/list',
        '/api/cms/video/list',
        '/api/cms/magazine/list',
        '/api/cms/staff/list',
        '/api/cms/notice/list',
      ]),
    );
    for (const path of withKeyword) {
      const fields = { keyword: '期中\u0000考试' };
      expectRefusal(await postForm(t.app, path, fields, { token: admin }), 400, NUL_REFUSAL);
      expectRefusal(await postJson(t.app, path, fields, { token: admin }), 400, NUL_REFUSAL);
    }
  });

  it('a NUL byte anywhere in a body, a query or a nested list is refused alike', async () => {
    expectRefusal(
      await postJson(
        t.app,
        '/api/email/sendEmail',
        { emailTitle: '周会', receiveIds: ['1\u0000'] },
        { token: teacher },
      ),
      400,
      NUL_REFUSAL,
    );
    expectRefusal(
      await t.app.inject({ method: 'GET', url: '/api/files/1?variant=%00' }),
      400,
      NUL_REFUSAL,
    );
  });

  it('a number past what PostgreSQL’s integer columns hold is bad input there, as on SQLite', async () => {
    const calls: Array<[string, Record<string, number>, string]> = [
      ['/api/news/getNewsTypeList', { parentId: 2147483648 }, ''],
      ['/api/dept/getChildDeptList', { deptId: 2147483648 }, teacher],
      ['/api/cms/news/list', { typeId: 2147483648 }, admin],
    ];
    for (const [url, fields, token] of calls) {
      const response = await postJson(t.app, url, fields, { token });
      if (t.dialect === 'postgres') expectRefusal(response, 400, '数值超出范围');
      else expect(response.statusCode, `${url} ${response.body}`).toBe(200);
    }
  });

  it('a write that names a row which does not exist is refused, not a 500, on both databases', async () => {
    expectRefusal(
      await postJson(t.app, '/api/test/dangling', {}),
      400,
      '所选的内容不存在或已删除，请刷新后重试',
    );
  });

  it('a magazine can be saved on a database started without the demo (its series are base data)', async () => {
    const pdf = await createFile(
      t.services,
      '校刊.pdf',
      'application/pdf',
      Buffer.from('%PDF-1.4\n%%EOF\n'),
      adminId,
    );
    for (const typeId of [1, 2, 3]) {
      expectOk(
        await postJson(
          t.app,
          '/api/cms/magazine/save',
          { typeId, magazineTitle: `第${typeId}期`, pdfFileId: pdf },
          { token: admin },
        ),
      );
    }
  });

  it('cms/column/save with only a typeId changes nothing and says so', async () => {
    expectRefusal(
      await postForm(t.app, '/api/cms/column/save', { typeId: 2 }, { token: admin }),
      400,
      '请填写要修改的栏目名称、排序或开放设置',
    );
  });
});

interface SchemaLike {
  properties?: Record<string, unknown>;
}
