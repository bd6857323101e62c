import { describe, expect, it } from 'vitest';
import { bannerPageHref, isBannerLink, societyPageHref } from './showcase-links';

describe('where showcase items are seen', () => {
  it('opens the home page for home banners and the section page for covers', () => {
    expect(bannerPageHref({ place: 'home', typeId: 0 })).toBe('/index');
    expect(bannerPageHref({ place: 'cover', typeId: 0 })).toBe('/schoolWenji?newsNum=1');
    expect(bannerPageHref({ place: 'cover', typeId: 1 })).toBe('/news?newsNum=2');
    expect(bannerPageHref({ place: 'cover', typeId: 5 })).toBe('/media?newsNum=6');
    expect(bannerPageHref({ place: 'cover', typeId: 9 })).toBe('/meetfuyi?newsNum=1');
    expect(bannerPageHref({ place: 'cover', typeId: 14 })).toBe('/campus?campusNum=15');
  });

  it('opens the societies view on the category tab', () => {
    expect(societyPageHref(4)).toBe('/media?newsNum=9&associationType=4');
  });
});

describe('isBannerLink', () => {
  it('takes web addresses, site paths and an empty link', () => {
    for (const link of ['', ' ', 'https://example.com', 'http://a.b/c?d=1', '/news?newsNum=2']) {
      expect(isBannerLink(link), link).toBe(true);
    }
  });

  it('refuses scripts, other schemes, bare words and addresses without a scheme', () => {
    for (const link of [
      'javascript:alert(1)',
      'ftp://x.y',
      'news',
      '//evil.com',
      '/\\evil.com',
      'https://',
    ]) {
      expect(isBannerLink(link), link).toBe(false);
    }
  });
});
