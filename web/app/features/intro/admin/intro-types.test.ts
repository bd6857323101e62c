import { describe, expect, it } from 'vitest';
import {
  FMSM_OPTIONS,
  SINGLE_PAGE_TYPES,
  WWFZ_OPTIONS,
  fmsmPageHref,
  fmsmTypeName,
  pageLabels,
  personLabels,
  wwfzPageHref,
} from './intro-types';

describe('introduction codes', () => {
  it('offers the ten page types and the thirteen people types of the public menu', () => {
    expect(WWFZ_OPTIONS.map((o) => o.value)).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10, 11]);
    expect(WWFZ_OPTIONS[0]).toEqual({ value: 1, label: '学校简介' });
    expect(SINGLE_PAGE_TYPES).toEqual([1, 7, 11]);
    expect(FMSM_OPTIONS.map((g) => [g.label, g.options.map((o) => o.value)])).toEqual([
      ['历任校长', [1]],
      ['名师风采', [3, 14, 15]],
      ['校友英才', [5, 6, 7, 8, 9, 16]],
      ['校园之星', [11, 12, 13]],
    ]);
    expect(fmsmTypeName(1)).toBe('历任校长');
    expect(fmsmTypeName(16)).toBe('校友英才·青年才俊');
    expect(fmsmTypeName(2)).toBe('');
  });

  it('names the fields as the public page uses them', () => {
    expect(pageLabels(3).title).toBe('姓名');
    expect(pageLabels(5).title).toBe('标题');
    expect(personLabels(1)).toMatchObject({ plateType: '学校名称（时任校名）', picture: null });
    expect(personLabels(12)).toMatchObject({ post: '届别与奖项', picture: '照片' });
  });
});

describe('links to meetfuyi', () => {
  it('opens a page where it is shown', () => {
    expect(wwfzPageHref({ wwfzType: 1, wwfzId: 4, enableType: 1 })).toBe('/meetfuyi?newsNum=1');
    expect(wwfzPageHref({ wwfzType: 2, wwfzId: 4, enableType: 1 })).toBe(
      '/meetfuyi?newsNum=1&sub=2&tab=4',
    );
    expect(wwfzPageHref({ wwfzType: 3, wwfzId: 9, enableType: 1 })).toBe(
      '/meetfuyi?newsNum=1&sub=3&item=9',
    );
    expect(wwfzPageHref({ wwfzType: 10, wwfzId: 9, enableType: 1 })).toBe(
      '/meetfuyi?newsNum=1&sub=9&item=9',
    );
    expect(wwfzPageHref({ wwfzType: 11, wwfzId: 9, enableType: 2 })).toBeNull();
  });

  it('opens a person on the page of the tab that lists them', () => {
    expect(fmsmPageHref({ fmsmType: 1, fmsmId: 3, publicPageNum: 2 })).toBe(
      '/meetfuyi?newsNum=2&pageNum=2',
    );
    expect(fmsmPageHref({ fmsmType: 14, fmsmId: 30, publicPageNum: 1 })).toBe(
      '/meetfuyi?newsNum=2&sub=2&tab=14&item=30',
    );
    expect(fmsmPageHref({ fmsmType: 13, fmsmId: 7, publicPageNum: 3 })).toBe(
      '/meetfuyi?newsNum=2&sub=4&tab=13&pageNum=3&item=7',
    );
    expect(fmsmPageHref({ fmsmType: 5, fmsmId: 7, publicPageNum: null })).toBeNull();
  });
});
