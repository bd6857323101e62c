import { describe, expect, it } from 'vitest';
import { safeHref, safeRedirect, siteFromParameters } from './site';

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
      row('XXMC', '青禾实验中学'),
      row('LXDH', '010-1', '办公室电话'),
      row('LXDH', '010-2', '招生咨询电话'),
      row('EWM', '', '', '/images/qrcode.svg'),
    ]);
    expect(site.name).toBe('青禾实验中学');
    expect(site.phones).toEqual([
      { label: '办公室电话', value: '010-1' },
      { label: '招生咨询电话', value: '010-2' },
    ]);
    expect(site.qrImage).toBe('/images/qrcode.svg');
  });
  it('falls back to a generic name', () => {
    expect(siteFromParameters([]).name).toBe('学校门户网站');
  });
});
