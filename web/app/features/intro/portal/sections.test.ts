import { describe, expect, it } from 'vitest';
import {
  INTRO_SECTIONS,
  introHref,
  introTitle,
  introViewOf,
  sectionLabel,
  subLabel,
  subSectionOf,
} from './sections';

const at = (query: string) => introViewOf(`http://localhost/meetfuyi?${query}`);

describe('INTRO_SECTIONS', () => {
  it('has the spec’s sub-sections with the old site’s codes', () => {
    expect(INTRO_SECTIONS.map((s) => s.subs.length)).toEqual([10, 4, 1]);
    const codes = INTRO_SECTIONS[0].subs.map((s) => ('wwfzType' in s ? s.wwfzType : 0));
    expect(codes).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10, 11]);
    const people = INTRO_SECTIONS[1].subs.map((s) =>
      s.kind === 'people' ? s.tabs.map((t) => t.code) : s.kind === 'principals' ? [s.fmsmType] : [],
    );
    expect(people).toEqual([[1], [3, 14, 15], [5, 6, 7, 8, 9, 16], [11, 12, 13]]);
  });
});

describe('introViewOf', () => {
  it('reads section, sub-section, tab, page and item', () => {
    expect(at('newsNum=1&sub=4&pageNum=3&item=12')).toEqual({
      newsNum: 1,
      sub: 4,
      tab: undefined,
      pageNum: 3,
      item: 12,
    });
    expect(at('newsNum=1&sub=2&tab=44')).toMatchObject({ sub: 2, tab: 44 });
  });

  it('falls back to the first section and sub-section', () => {
    expect(at('')).toMatchObject({ newsNum: 1, sub: 1, pageNum: 1 });
    expect(at('newsNum=7&sub=4')).toMatchObject({ newsNum: 1, sub: 4 });
    expect(at('newsNum=2&sub=5')).toMatchObject({ newsNum: 2, sub: 1 });
    expect(at('newsNum=3&sub=2')).toMatchObject({ newsNum: 3, sub: 1 });
    expect(at('newsNum=abc&sub=-1&pageNum=0&item=x')).toEqual({
      newsNum: 1,
      sub: 1,
      tab: undefined,
      pageNum: 1,
      item: undefined,
    });
  });

  it('picks the first people tab when the tab is not one of the sub-section’s', () => {
    expect(at('newsNum=2&sub=2')).toMatchObject({ tab: 3 });
    expect(at('newsNum=2&sub=2&tab=14')).toMatchObject({ tab: 14 });
    expect(at('newsNum=2&sub=3&tab=14')).toMatchObject({ tab: 5 });
    expect(at('newsNum=2&sub=4&tab=13')).toMatchObject({ tab: 13 });
  });
});

describe('subSectionOf', () => {
  it('names the view’s sub-section', () => {
    expect(subSectionOf({ newsNum: 1, sub: 3 }).label).toBe('现任领导');
    expect(subSectionOf({ newsNum: 2, sub: 1 }).label).toBe('历任校长');
    expect(subSectionOf({ newsNum: 3, sub: 1 }).label).toBe('校园印象');
  });

  it('names the impressions and the title after the school', () => {
    const site = { shortName: '明德', menu: {} };
    expect(subLabel(subSectionOf({ newsNum: 3, sub: 1 }), site)).toBe('明德印象');
    expect(sectionLabel(INTRO_SECTIONS[2], site)).toBe('明德印象');
    expect(sectionLabel(INTRO_SECTIONS[0], site)).toBe('学校概况');
    expect(introTitle(site)).toBe('遇见明德');
    expect(introTitle({ shortName: '明德', menu: { intro: '学校介绍' } })).toBe('学校介绍');
  });
});

describe('introHref', () => {
  it('leaves out the first sub-section and the first page', () => {
    expect(introHref({ newsNum: 1 })).toBe('/meetfuyi?newsNum=1');
    expect(introHref({ newsNum: 1, sub: 1, pageNum: 1 })).toBe('/meetfuyi?newsNum=1');
  });

  it('carries sub-section, tab, page and item', () => {
    expect(introHref({ newsNum: 2, sub: 3, tab: 16, pageNum: 2 })).toBe(
      '/meetfuyi?newsNum=2&sub=3&tab=16&pageNum=2',
    );
    expect(introHref({ newsNum: 1, sub: 3, item: 9 })).toBe('/meetfuyi?newsNum=1&sub=3&item=9');
  });

  it('gives back the view it was built from', () => {
    const view = { newsNum: 2, sub: 4, tab: 12, pageNum: 2, item: 5 };
    expect(introViewOf(`http://localhost${introHref(view)}`)).toEqual(view);
  });
});
