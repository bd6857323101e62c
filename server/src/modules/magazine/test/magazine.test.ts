import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGAZINE_SERIES, seedMagazineSeries } from '../service.js';
import type { CmsMagazineInput } from '../admin-service.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createFile, createMagazine as makeMagazine } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, postForm } from '../../../test-kit/http.js';

const LIST = '/api/magazine/selMagazineList';
const DETAILS = '/api/magazine/selMagazineDetails';
const SERIES_MESSAGE = '请选择刊物系列（1、2 或 3）';

interface MagazineItem {
  magazineId: number;
  magazineTitle: string;
  typeId: number;
  typeName: string;
  imgUrl: string;
  filePath: string;
  createDate: string;
}
interface Page<T> {
  total: number;
  list: T[];
}

describe('api/magazine', () => {
  let t: TestApp;

  const at = (day: number) => new Date(Date.UTC(2025, 0, day, 2));
  /** An issue with a cover and a PDF, enabled unless told; made at `createdAt`. */
  const createMagazine = async ({
    createdAt,
    ...input
  }: Partial<CmsMagazineInput> & { seriesId: number; createdAt?: Date }) =>
    makeMagazine(
      t.services,
      {
        title: `第${randomBytes(2).toString('hex')}期`,
        coverFileId: await createFile(t.services, 'cover.png', 'image/png'),
        pdfFileId: await createFile(t.services, 'issue.pdf', 'application/pdf'),
        ...input,
      },
      { at: createdAt },
    );
  const ids = (page: Page<MagazineItem>) => page.list.map((m) => m.magazineId);

  beforeAll(async () => {
    t = await createTestApp();
    await seedMagazineSeries(t.db);
    await seedMagazineSeries(t.db);
  });
  afterAll(() => t?.close());

  it('seeds the three series once', async () => {
    const rows = await t.db.selectFrom('magazineSeries').selectAll().orderBy('id').execute();
    expect(rows).toEqual(MAGAZINE_SERIES);
    expect(rows.map((row) => row.name)).toEqual(['校刊', '学生文集', '教师文集']);
  });

  it('selMagazineList pages 15 by default, newest first, one series at a time', async () => {
    const first: number[] = [];
    for (let day = 1; day <= 17; day++) {
      first.push(await createMagazine({ seriesId: 1, createdAt: at(day) }));
    }
    const second = [
      await createMagazine({ seriesId: 2, createdAt: at(1) }),
      await createMagazine({ seriesId: 2, createdAt: at(2) }),
    ];
    const newestFirst = [...first].reverse();

    const page1 = expectOk<Page<MagazineItem>>(await postForm(t.app, LIST, { typeId: 1 }));
    expect(page1.total).toBe(17);
    expect(ids(page1)).toEqual(newestFirst.slice(0, 15));
    const page2 = expectOk<Page<MagazineItem>>(
      await postForm(t.app, LIST, { typeId: 1, pageNum: 2 }),
    );
    expect(ids(page2)).toEqual(newestFirst.slice(15));
    const small = expectOk<Page<MagazineItem>>(
      await postForm(t.app, LIST, { typeId: 1, pageSize: 5, pageNum: 2 }),
    );
    expect(ids(small)).toEqual(newestFirst.slice(5, 10));

    const series2 = expectOk<Page<MagazineItem>>(await postForm(t.app, LIST, { typeId: 2 }));
    expect(series2).toMatchObject({ total: 2 });
    expect(ids(series2)).toEqual([second[1], second[0]]);
    expect(series2.list.every((m) => m.typeId === 2 && m.typeName === '学生文集')).toBe(true);
    expect(expectOk(await postForm(t.app, LIST, { typeId: 3 }))).toEqual({ total: 0, list: [] });
  });

  it('selMagazineList asks for a series when it is missing or unknown', async () => {
    for (const body of [{}, { typeId: 0 }, { typeId: 4 }, { typeId: 'abc' }]) {
      expectRefusal(await postForm(t.app, LIST, body), 400, SERIES_MESSAGE);
    }
    expectRefusal(
      await postForm(t.app, LIST, { typeId: 1, pageSize: 51 }),
      400,
      '每页条数须为1到50',
    );
  });

  it('selMagazineDetails answers the cover and the PDF of an issue', async () => {
    const cover = await createFile(t.services, '封面.png', 'image/png');
    const pdf = await createFile(t.services, '校刊.pdf', 'application/pdf');
    const id = await createMagazine({
      seriesId: 3,
      title: ' 春之韵 ',
      coverFileId: cover,
      pdfFileId: pdf,
    });
    const expected = {
      magazineId: id,
      magazineTitle: '春之韵',
      typeId: 3,
      typeName: '教师文集',
      imgUrl: `/api/files/${cover}`,
      filePath: `/api/files/${pdf}`,
      createDate: '2026-03-02 16:00:00',
    };
    expect(expectOk(await postForm(t.app, DETAILS, { magazineId: id }))).toEqual(expected);
    const list = expectOk<Page<MagazineItem>>(await postForm(t.app, LIST, { typeId: 3 }));
    expect(list.list).toContainEqual(expected);

    const pdfResponse = await t.app.inject({ method: 'GET', url: `/api/files/${pdf}` });
    expect(pdfResponse.statusCode).toBe(200);
    expect(pdfResponse.headers['content-type']).toBe('application/pdf');
  });

  it('a disabled or missing issue is in no list and its details answer 404', async () => {
    const hidden = await createMagazine({ seriesId: 3, enabled: 0 });
    const list = expectOk<Page<MagazineItem>>(
      await postForm(t.app, LIST, { typeId: 3, pageSize: 50 }),
    );
    expect(ids(list)).not.toContain(hidden);
    expectRefusal(await postForm(t.app, DETAILS, { magazineId: hidden }), 404, '刊物不存在');
    expectRefusal(await postForm(t.app, DETAILS, { magazineId: 999_999 }), 404, '刊物不存在');
    expectRefusal(await postForm(t.app, DETAILS, {}), 400, '请选择刊物');
  });

  it('the one save of issues refuses an empty title and an unknown series', async () => {
    await expect(createMagazine({ seriesId: 1, title: '  ' })).rejects.toThrow('请输入刊物名称');
    await expect(createMagazine({ seriesId: 9 })).rejects.toThrow(SERIES_MESSAGE);
  });
});
