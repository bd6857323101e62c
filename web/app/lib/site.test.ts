import { describe, expect, it } from 'vitest';
import { policeRecordHref, safeHref, safeRedirect, siteFromParameters } from './site';
import { bygoneCaptionOf, introTitleOf, menuLabels, tileLabels } from './site-labels';

describe('safeRedirect', () => {
  it('accepts same-site paths', () => {
    expect(safeRedirect('/teachPage?x=1')).toBe('/teachPage?x=1');
  });
  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', 'teachPage', '', null])(
    'refuses %s',
    (target) => {
      expect(safeRedirect(target)).toBeUndefined();
    },
  );
});

describe('safeHref', () => {
  it('keeps http(s) and relative links and drops script links', () => {
    expect(safeHref('https://basic.smartedu.cn/')).toBe('https://basic.smartedu.cn/');
    expect(safeHref('/index')).toBe('/index');
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
  });
});

describe('siteFromParameters', () => {
  const row = (code: string, value: string, name = '', pic: string | null = null) => ({
    parameterId: 1,
    parameteCode: code,
    parameteValue: value,
    parameterName: name,
    parameterType: '1',
    pic,
  });
  it('reads single values and lists', () => {
    const site = siteFromParameters([
      row('XXMC', '明德实验中学'),
      row('LXDH', '010-1', '办公室电话'),
      row('LXDH', '010-2', '招生咨询电话'),
      row('EWM', '', '', '/images/qrcode.svg'),
    ]);
    expect(site.name).toBe('明德实验中学');
    expect(site.phones).toEqual([
      { label: '办公室电话', value: '010-1' },
      { label: '招生咨询电话', value: '010-2' },
    ]);
    expect(site.qrImage).toBe('/images/qrcode.svg');
  });
  it('falls back to a generic name', () => {
    expect(siteFromParameters([]).name).toBe('学校门户网站');
    expect(siteFromParameters([]).shortName).toBe('');
  });

  it('reads the identity: short name, pictures, colour and renamed labels', () => {
    const site = siteFromParameters([
      row('XXMC', '明德实验中学'),
      row('XXJC', '明德'),
      row('XXBZ', '', '', '/api/files/7'),
      row('ZTYS', '#8B0000'),
      row('YTHF', '', '', '/api/files/8'),
      row('DHCD', '学校介绍', 'intro'),
      row('DHCD', ' ', 'news'),
      row('XYZL', '党建专栏', 'campus15'),
    ]);
    expect(site.shortName).toBe('明德');
    expect(site.logo).toBe('/api/files/7');
    expect(site.favicon).toMatch(/^\/api\/site\/favicon\.svg\?v=\w+$/);
    expect(site.themeColor).toBe('#8B0000');
    expect(site.banner).toBe('/api/files/8');
    expect(site.menu).toEqual({ intro: '学校介绍' });
    expect(site.tiles).toEqual({ campus15: '党建专栏' });
  });

  it('takes the full name for a missing short name and draws the pictures', () => {
    const site = siteFromParameters([row('XXMC', '明德实验中学'), row('ZTYS', 'blue')]);
    expect(site.shortName).toBe('明德实验中学');
    expect(site.logo).toMatch(/^\/api\/site\/logo\.svg\?v=\w+$/);
    expect(site.themeColor).toBe('');
    expect(site.banner).toBe('');
  });

  it('gives the drawn logo a new address when the name changes', () => {
    const logo = (name: string) => siteFromParameters([row('XXJC', name)]).logo;
    expect(logo('明德')).not.toBe(logo('启明'));
    expect(logo('明德')).toBe(logo('明德'));
  });
});

describe('site labels', () => {
  const site = (shortName: string, menu = {}, tiles = {}) => ({ shortName, menu, tiles });
  it('names the school’s sections after its short name', () => {
    const menu = menuLabels(site('明德'));
    expect(menu('intro')).toBe('遇见明德');
    expect(menu('impressions')).toBe('明德印象');
    expect(menu('magazine')).toBe('《明德》校刊');
    expect(bygoneCaptionOf(site('明德'))).toBe('老照片里的明德岁月');
  });

  it('is neutral without a name', () => {
    expect(introTitleOf(site(''))).toBe('走进学校');
    expect(menuLabels(site(''))('magazine')).toBe('校刊');
  });

  it('prefers an administrator’s labels', () => {
    expect(menuLabels(site('明德', { intro: '学校介绍' }))('intro')).toBe('学校介绍');
    expect(menuLabels(site('明德', { intro: '学校介绍' }))('news')).toBe('新闻中心');
    expect(tileLabels(site('明德', {}, { campus15: '党建专栏' }))('campus15')).toBe('党建专栏');
    expect(tileLabels(site('明德'))('campus16')).toBe('校务公开');
  });
});

describe('policeRecordHref', () => {
  it('searches the number’s digits', () => {
    expect(policeRecordHref('京公网安备11010502030143号')).toBe(
      'https://beian.mps.gov.cn/#/query/webSearch?code=11010502030143',
    );
    expect(policeRecordHref('备案中')).toBe('https://beian.mps.gov.cn/#/query/webSearch');
  });
});
