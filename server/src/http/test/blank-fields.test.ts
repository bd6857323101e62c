import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-kit/app.js';
import { createNews } from '../../test-kit/factories.js';
import { expectOk, expectRefusal, postForm } from '../../test-kit/http.js';

interface Page {
  total: number;
  list: Array<{ newId: number }>;
}

/**
 * The spec's pages post forms and send the optional fields they have no value
 * for as empty strings: '' in a field that is not text means "not given".
 */
describe('empty form fields', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 1; i <= 8; i++) {
      await createNews(t.services, { typeId: 2, title: `空字段第${i}条`, schChange: 1 });
    }
  });
  afterAll(() => t.close());

  it('leave a filter or the paging out, as if not sent', async () => {
    const blank = expectOk<Page>(
      await postForm(t.app, '/api/news/getNewsList', {
        typeId: '2',
        newsTitle: '',
        schChange: '',
        pageNum: '',
        pageSize: '',
        enableType: '',
      }),
    );
    const unsent = expectOk<Page>(await postForm(t.app, '/api/news/getNewsList', { typeId: '2' }));
    expect(blank).toEqual(unsent);
    expect(blank.total).toBe(8);
    // The list's own default page size (6), not everything.
    expect(blank.list).toHaveLength(6);
  });

  it('work on every public list call the portal makes', async () => {
    const calls: Array<[string, Record<string, string>]> = [
      ['/api/news/getNewsList', { typeId: '', pageNum: '1', pageSize: '6', enableType: '1' }],
      [
        '/api/news/getNewsTitleList',
        { newsTitle: '空字段', typeId: '', pageNum: '', pageSize: '' },
      ],
      ['/api/video/getVideoList', { typeId: '', ifShelves: 'A', checkStatus: 'A', pageNum: '' }],
      ['/api/fmsm/getFmsmDetails', { fmsmType: '3', subjectId: '', pageNum: '', enableType: '' }],
      ['/api/wwfz/getWwfzDetails', { wwfzType: '5', wwfzId: '', pageNum: '', pageSize: '' }],
      ['/api/magazine/selMagazineList', { typeId: '1', pageNum: '', pageSize: '' }],
      ['/api/news/getNewsTypeList', { parentId: '' }],
    ];
    for (const [path, body] of calls) {
      const res = await postForm(t.app, path, body);
      expect({ path, status: res.statusCode }).toEqual({ path, status: 200 });
    }
  });

  it('still refuse a required field left empty, with its message', async () => {
    expectRefusal(
      await postForm(t.app, '/api/news/getNewsDetails', { newId: '' }),
      400,
      '请选择新闻',
    );
    expectRefusal(
      await postForm(t.app, '/api/news/getNewsTitleList', { newsTitle: '' }),
      400,
      '请输入搜索内容',
    );
  });
});
