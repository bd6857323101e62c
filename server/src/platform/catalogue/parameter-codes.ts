import { LEAVE_DAYS_CODE, LEAVE_DAYS_DEFAULT } from '@school/common/api';

/**
 * What each system parameter code means, as the platform's parameter screen
 * explains it, and the rules a save and a delete follow. The codes are those
 * the pages read (web/app/lib/site.ts SITE_CODES, the staff chrome's XNZD, BK,
 * FYZR) and those the specs name (portal.md §7, intranet.md §7).
 */
export interface ParameterCode {
  code: string;
  /** The code's meaning, the heading of its group. */
  name: string;
  /** Where the site uses it. */
  description: string;
  /** link: every row's value is an http(s) address or a path of this site. */
  kind: 'text' | 'link' | 'image';
  /** Several rows (a list the pages show in order); otherwise exactly one row. */
  list: boolean;
  /** The pages read it: its last row cannot be deleted. */
  required: boolean;
  /** Rows may carry a picture (pic). */
  pictures: boolean;
  /** parameterType matters: '1' everyone, anything else isPower 1 only (intranet.md §6). */
  visibility: boolean;
}

const single = (
  code: string,
  name: string,
  description: string,
  kind: ParameterCode['kind'] = 'text',
): ParameterCode => ({
  code,
  name,
  description,
  kind,
  list: false,
  required: true,
  pictures: kind === 'image',
  visibility: false,
});

/** One row the pages do without (a default applies): its last row may be deleted. */
const optional = (
  code: string,
  name: string,
  description: string,
  kind: ParameterCode['kind'] = 'text',
): ParameterCode => ({ ...single(code, name, description, kind), required: false });

const list = (
  code: string,
  name: string,
  description: string,
  kind: ParameterCode['kind'],
  extra: Partial<ParameterCode> = {},
): ParameterCode => ({
  code,
  name,
  description,
  kind,
  list: true,
  required: false,
  pictures: false,
  visibility: false,
  ...extra,
});

/** In the order the parameter screen shows them: links and systems first, then the school. */
export const PARAMETER_CODES: readonly ParameterCode[] = [
  list(
    'XNZD',
    '外部站点',
    '教职工页面页脚的“校内站点”列表，可配图标；类型 1 所有人可见，其他仅管理员（isPower 1）可见',
    'link',
    { pictures: true, visibility: true },
  ),
  single('GLPTBJ', '管理平台地址', '内容管理平台的签名跳转地址，新闻“编辑”按钮提交到这里', 'link'),
  single('FJXZ', '附件下载地址', '新附件下载地址的前缀；本站填 /', 'link'),
  single('BK', '博客', '教职工页面顶部“博客”，经签名跳转打开', 'link'),
  single('FYZR', '智慧服务', '教职工页面顶部的智慧服务链接', 'link'),
  single('TPZX', '网络课程', '门户顶部“网络课程”链接', 'link'),
  single('JGW', '返回旧版', '门户顶部“返回旧版”链接', 'link'),
  single('ZSXX', '招生信息', '门户的招生信息链接', 'link'),
  single('SYLJ', '书院', '门户首页校园专栏中的书院入口；名称即显示文字', 'link'),
  list('YQLJ', '相关链接', '门户首页底部的相关网站，按顺序显示', 'link'),
  single('XXMC', '学校名称', '页头、页脚与页面标题中的学校名称'),
  single('XXJC', '学校简称', '“遇见××”“××印象”等栏目名称与网站图标中的学校简称'),
  single('XXYWMC', '学校英文名称', '页头的英文校名'),
  optional('XXBZ', '学校标志', '页头的学校标志图片；未上传时按学校名称绘制', 'image'),
  optional('WZTB', '网站图标', '浏览器标签上的网站图标；未上传时按学校简称绘制', 'image'),
  optional('ZTYS', '主题色', '门户的主题颜色，格式 #rrggbb；未设置时为默认蓝色'),
  optional('YTHF', '页头横幅', '门户页头的横幅图片；未上传时为主题色的纯色页头', 'image'),
  list(
    'DHCD',
    '导航菜单',
    '门户顶部菜单的名称：名称为菜单项的标识，值为显示文字；未设置的菜单项用默认名称',
    'text',
  ),
  list(
    'XYZL',
    '校园专栏',
    '门户首页校园专栏与印象栏目的名称：名称为栏目的标识，值为显示文字',
    'text',
  ),
  single('XXJJ', '学校简介', '页脚的学校简介'),
  single('XXDZ', '学校地址', '页脚的学校地址'),
  single('YZBM', '邮政编码', '页脚的邮政编码'),
  list('LXDH', '联系电话', '页脚的联系电话；名称为电话的用途', 'text'),
  list('XXYX', '学校邮箱', '页脚的联系邮箱；名称为邮箱的用途', 'text'),
  single('ICP', 'ICP备案号', '页脚的 ICP 备案号'),
  single('GABA', '公安备案号', '页脚的公安备案号'),
  single('EWM', '官方公众号二维码', '页脚的公众号二维码图片', 'image'),
  {
    // Not required: without a row the default applies.
    ...single(
      LEAVE_DAYS_CODE,
      '请假审批天数',
      `请假超过此天数（默认 ${LEAVE_DAYS_DEFAULT}）时，部门负责人同意后还须学校管理员审批`,
    ),
    required: false,
  },
];

const BY_CODE = new Map(PARAMETER_CODES.map((c) => [c.code, c]));

/** A code the site knows, or the rules of a code an administrator added (a free list of text). */
export function parameterCode(code: string): ParameterCode & { known: boolean } {
  const known = BY_CODE.get(code);
  if (known) return { ...known, known: true };
  return {
    code,
    name: code,
    description: '自定义参数',
    kind: 'text',
    list: true,
    required: false,
    pictures: true,
    visibility: false,
    known: false,
  };
}
