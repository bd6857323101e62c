import { describe, expect, it } from 'vitest';
import { formOf, normalColor, payloadOf, type SiteSettings } from './site-settings';

const loaded: SiteSettings = {
  name: '明德实验中学',
  shortName: '明德',
  englishName: '',
  themeColor: '',
  logo: '/api/files/3',
  favicon: '',
  banner: '/api/files/4',
  qr: '',
  address: '',
  postcode: '',
  icp: '',
  police: '',
  phones: [{ label: '办公室', value: '010-1' }],
  emails: [],
  links: [],
  menu: [{ key: 'intro', label: '学校介绍' }],
  tiles: [],
};
const keys = { menu: ['intro', 'news'], tiles: ['campus15'] };

describe('payloadOf', () => {
  it('sends texts, lists as JSON and the labels given', () => {
    const values = { ...formOf(loaded), shortName: ' 启明 ', menu: { intro: '', news: '要闻' } };
    values.links = [
      { label: '教育局', value: 'https://jyj.example.cn/' },
      { label: ' ', value: '' },
    ];
    const payload = payloadOf(values, loaded, keys);
    expect(payload.shortName).toBe('启明');
    expect(JSON.parse(payload.links)).toEqual([
      { label: '教育局', value: 'https://jyj.example.cn/' },
    ]);
    expect(JSON.parse(payload.phones)).toEqual([{ label: '办公室', value: '010-1' }]);
    expect(JSON.parse(payload.menu)).toEqual([{ key: 'news', label: '要闻' }]);
    expect(JSON.parse(payload.tiles)).toEqual([]);
  });

  it('sends a new picture, removes a cleared one and leaves an unchanged one out', () => {
    const values = { ...formOf(loaded), favicon: '/api/files/9', banner: '' };
    const payload = payloadOf(values, loaded, keys);
    expect(payload.favicon).toBe('/api/files/9');
    expect(payload.removeBanner).toBe('1');
    expect(payload).not.toHaveProperty('logo');
    expect(payload).not.toHaveProperty('removeLogo');
  });

  it('names the optional texts emptied in clear, never the name, and nothing when unchanged', () => {
    expect(payloadOf(formOf(loaded), loaded, keys)).not.toHaveProperty('clear');
    const values = { ...formOf(loaded), address: ' ', icp: '', name: '' };
    const payload = payloadOf(values, { ...loaded, address: '东山路1号', icp: 'ICP1' }, keys);
    expect(payload.clear).toBe('address,icp');
    expect(payload.name).toBe('');
  });
});

describe('formOf', () => {
  it('keys the labels', () => {
    expect(formOf(loaded).menu).toEqual({ intro: '学校介绍' });
  });
});

describe('normalColor', () => {
  it('reads #rrggbb and #rgb', () => {
    expect(normalColor('#8B0000')).toBe('#8b0000');
    expect(normalColor(' #abc ')).toBe('#aabbcc');
    expect(normalColor('red')).toBeNull();
    expect(normalColor('#12345')).toBeNull();
  });
});
