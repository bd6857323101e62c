import { describe, expect, it } from 'vitest';
import {
  filterGroups,
  isLastRequiredRow,
  isSafeLink,
  linkRule,
  ownAddressName,
  parameterSections,
  pictureChange,
  pictureValue,
  type ParameterGroup,
} from './site-forms';

describe('isSafeLink', () => {
  it.each(['https://oa.school.example/sso', 'http://x.cn', '/', '/pubNoti?x=1', 'HTTPS://A.B'])(
    'accepts %s',
    (link) => expect(isSafeLink(link)).toBe(true),
  );
  it.each([
    'javascript:alert(1)',
    '//evil.example',
    '/\\evil.example',
    'ftp://files.example',
    'www.school.cn',
    'https://',
    'https://a.cn/x y',
    '',
  ])('refuses %s', (link) => expect(isSafeLink(link)).toBe(false));
});

describe('linkRule', () => {
  it('lets an empty value through and names the field when refusing', async () => {
    const rule = linkRule('链接地址');
    await expect(rule.validator(null, '')).resolves.toBeUndefined();
    await expect(rule.validator(null, ' /pubNoti ')).resolves.toBeUndefined();
    await expect(rule.validator(null, 'javascript:x')).rejects.toThrow(
      '链接地址须以 http:// 或 https:// 开头，或为以 / 开头的站内地址',
    );
  });
});

const group = (over: Partial<ParameterGroup>): ParameterGroup => ({
  parameteCode: 'BK',
  codeName: '博客',
  description: '',
  kind: 'link',
  list: false,
  required: true,
  pictures: false,
  visibility: false,
  known: true,
  rows: [],
  ...over,
});

const row = (parameterName: string, parameteValue: string) => ({
  parameterId: 1,
  parameteCode: 'XNZD',
  parameterName,
  parameteValue,
  parameterType: '1',
  pic: null,
  picFileId: null,
  sort: 1,
});

describe('parameter groups', () => {
  it('finds groups by code, meaning, row name or value', () => {
    const groups = [
      group({}),
      group({ parameteCode: 'XNZD', codeName: '外部站点', rows: [row('图书馆', 'https://lib.x')] }),
    ];
    expect(filterGroups(groups, '').length).toBe(2);
    expect(filterGroups(groups, 'bk').map((g) => g.parameteCode)).toEqual(['BK']);
    expect(filterGroups(groups, '图书').map((g) => g.parameteCode)).toEqual(['XNZD']);
    expect(filterGroups(groups, 'LIB.X').map((g) => g.parameteCode)).toEqual(['XNZD']);
    expect(filterGroups(groups, '没有')).toEqual([]);
  });

  it('marks the last row of a required code', () => {
    expect(isLastRequiredRow(group({ rows: [row('博客', '/')] }))).toBe(true);
    expect(isLastRequiredRow(group({ rows: [row('a', '/'), row('b', '/')] }))).toBe(false);
    expect(isLastRequiredRow(group({ required: false, rows: [row('a', '/')] }))).toBe(false);
  });

  it('turns a stored picture into an upload value', () => {
    expect(pictureValue(7, '/api/files/7')).toEqual({
      fileId: 7,
      url: '/api/files/7',
      fileName: '图片',
    });
    expect(pictureValue(null, '/images/qrcode.svg')).toEqual({
      fileId: 0,
      url: '/images/qrcode.svg',
      fileName: '图片',
    });
    expect(pictureValue(null, null)).toBeNull();
  });

  it('sends a picture only when it changed', () => {
    const kept = pictureValue(null, '/images/qrcode.svg');
    expect(pictureChange(kept, { ...kept! })).toBeUndefined();
    expect(pictureChange(null, null)).toBeUndefined();
    expect(pictureChange(null, undefined)).toBeUndefined();
    expect(pictureChange(kept, null)).toBe(0);
    expect(pictureChange(kept, { fileId: 9, url: '/api/files/9', fileName: 'a.png' })).toBe(9);
  });
});

describe('parameterSections', () => {
  it('puts links, school details and added codes apart, single codes before lists', () => {
    const sections = parameterSections([
      group({ parameteCode: 'XNZD', list: true, required: false }),
      group({ parameteCode: 'BK' }),
      group({ parameteCode: 'XXMC', kind: 'text' }),
      group({ parameteCode: 'LXDH', kind: 'text', list: true, required: false }),
      group({ parameteCode: 'MINE', kind: 'text', list: true, known: false }),
    ]);
    expect(
      sections.map((s) => [
        s.title,
        s.singles.map((g) => g.parameteCode),
        s.lists.map((g) => g.parameteCode),
      ]),
    ).toEqual([
      ['链接与外部站点', ['BK'], ['XNZD']],
      ['学校信息', ['XXMC'], ['LXDH']],
      ['自定义参数', [], ['MINE']],
    ]);
    expect(parameterSections([group({})]).map((s) => s.title)).toEqual(['链接与外部站点']);
  });
});

describe('ownAddressName', () => {
  it("names this server's own addresses instead of showing them", () => {
    expect(ownAddressName('/api/cms/handoff')).toBe('本站内容管理平台');
    expect(ownAddressName(' /api/cms/handoff?x=1 ')).toBe('本站内容管理平台');
    expect(ownAddressName('https://oa.school.example/sso')).toBeNull();
    expect(ownAddressName('')).toBeNull();
  });
});
