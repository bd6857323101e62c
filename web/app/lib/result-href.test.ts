import { describe, expect, it } from 'vitest';
import { searchResultHref, type SearchTarget } from './result-href';

const news = (typeId: number, newsTitle = '标题'): SearchTarget => ({
  newId: 42,
  videoId: null,
  typeId,
  newsTitle,
});

describe('searchResultHref', () => {
  it('opens a video (13) on its video page', () => {
    expect(searchResultHref({ newId: null, videoId: 7, typeId: 13, newsTitle: '开学典礼' })).toBe(
      '/videoDetail?videoId=7&typeId=13',
    );
  });

  it.each([2, 3])('opens news %i on newsDetail', (typeId) => {
    expect(searchResultHref(news(typeId))).toBe(
      `/newsDetail?newId=42&newsNum=${typeId}&typeId=${typeId}`,
    );
  });

  it('opens a special topic (4) with its title in the address', () => {
    expect(searchResultHref(news(4, '青春 & 梦想'))).toBe(
      '/newspecialDetail?newId=42&newsNum=4&newspecialTitle=%E9%9D%92%E6%98%A5%20%26%20%E6%A2%A6%E6%83%B3&typeId=4',
    );
  });

  it.each([6, 7, 8])('opens media channel %i on mediaDetail', (typeId) => {
    expect(searchResultHref(news(typeId))).toBe(
      `/mediaDetail?newId=42&newsNum=${typeId}&typeId=${typeId}`,
    );
  });

  it.each([11, 12])('opens gallery %i on picdetail', (typeId) => {
    expect(searchResultHref(news(typeId))).toBe(`/picdetail?newId=42&newTxt=${typeId}`);
  });

  it.each([15, 16, 17, 21])('opens campus column %i on campusDetail', (typeId) => {
    expect(searchResultHref(news(typeId))).toBe(
      `/campusDetail?newId=42&campusNum=${typeId}&typeId=${typeId}`,
    );
  });

  it.each([9, 19, 20, 22, 99])('opens any other column (%i) on newsDetail', (typeId) => {
    expect(searchResultHref(news(typeId))).toBe(
      `/newsDetail?newId=42&newsNum=${typeId}&typeId=${typeId}`,
    );
  });
});
