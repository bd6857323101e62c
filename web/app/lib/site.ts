import type { Parameter } from '@school/common/api';

/** The school's details shown in the chrome, all kept as system parameters. */
export interface SiteInfo {
  name: string;
  /** XXJC, or the full name when none is set: what 遇见… and …印象 are made of ('' for neither). */
  shortName: string;
  englishName: string;
  /** XXBZ's picture, else the emblem the server draws from the name. */
  logo: string;
  /** WZTB's picture, else the icon the server draws from the short name. */
  favicon: string;
  /** ZTYS: the school's colour as '#rrggbb' ('' for the default). */
  themeColor: string;
  /** YTHF: the header's banner picture ('' for a plain band in the theme colour). */
  banner: string;
  /** DHCD: the labels an administrator gave the top menu's items, by the item's key. */
  menu: Record<string, string>;
  /** XYZL: the labels an administrator gave the 校园专栏 and impression tiles, by key. */
  tiles: Record<string, string>;
  intro: string;
  address: string;
  postcode: string;
  phones: Array<{ label: string; value: string }>;
  emails: Array<{ label: string; value: string }>;
  icp: string;
  police: string;
  qrImage: string;
  courseUrl: string;
  oldSiteUrl: string;
  enrolmentUrl: string;
  /** FJXZ: where attachment downloads start ('/' for this server). */
  attachmentBase: string;
  /** GLPTBJ: the content-management platform's hand-off address. */
  cmsHandoffUrl: string;
  /** SYLJ: the academy's site, a tile of the home page's campus grid. */
  academy: { label: string; value: string };
  /** YQLJ: related school and education sites at the bottom of the home page. */
  relatedLinks: Array<{ label: string; value: string }>;
}

export const SITE_CODES = [
  'XXMC',
  'XXJC',
  'XXYWMC',
  'XXBZ',
  'WZTB',
  'ZTYS',
  'YTHF',
  'DHCD',
  'XYZL',
  'XXJJ',
  'XXDZ',
  'YZBM',
  'LXDH',
  'XXYX',
  'ICP',
  'GABA',
  'EWM',
  'TPZX',
  'JGW',
  'ZSXX',
  'FJXZ',
  'GLPTBJ',
  'SYLJ',
  'YQLJ',
];

export function siteFromParameters(rows: Parameter[]): SiteInfo {
  const first = (code: string) => rows.find((r) => r.parameteCode === code);
  const value = (code: string) => first(code)?.parameteValue ?? '';
  const list = (code: string) =>
    rows
      .filter((r) => r.parameteCode === code && r.parameteValue)
      .map((r) => ({ label: r.parameterName, value: r.parameteValue }));
  const labels = (code: string) =>
    Object.fromEntries(
      rows
        .filter((r) => r.parameteCode === code && r.parameterName && r.parameteValue.trim())
        .map((r) => [r.parameterName, r.parameteValue.trim()]),
    );
  const name = value('XXMC').trim();
  const shortName = value('XXJC').trim() || name;
  const themeColor = /^#[0-9a-f]{6}$/i.test(value('ZTYS').trim()) ? value('ZTYS').trim() : '';
  // The drawn pictures change with the names and colour they are drawn from.
  const drawn = `v=${versionOf([name, shortName, themeColor].join('|'))}`;
  return {
    name: name || '学校门户网站',
    shortName,
    englishName: value('XXYWMC'),
    logo: first('XXBZ')?.pic || `/api/site/logo.svg?${drawn}`,
    favicon: first('WZTB')?.pic || `/api/site/favicon.svg?${drawn}`,
    themeColor,
    banner: first('YTHF')?.pic ?? '',
    menu: labels('DHCD'),
    tiles: labels('XYZL'),
    intro: value('XXJJ'),
    address: value('XXDZ'),
    postcode: value('YZBM'),
    phones: list('LXDH'),
    emails: list('XXYX'),
    icp: value('ICP'),
    police: value('GABA'),
    qrImage: first('EWM')?.pic ?? '',
    courseUrl: value('TPZX'),
    oldSiteUrl: value('JGW'),
    enrolmentUrl: value('ZSXX'),
    attachmentBase: value('FJXZ') || '/',
    cmsHandoffUrl: value('GLPTBJ'),
    academy: { label: first('SYLJ')?.parameterName || '书院', value: value('SYLJ') },
    relatedLinks: list('YQLJ'),
  };
}

/** A short, stable tag of a text (FNV-1a), to tell caches a drawn picture changed. */
function versionOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The public security bureau's record search, opened on the site's 公安备案 number's digits. */
export function policeRecordHref(police: string): string {
  const code = police.replace(/\D/g, '');
  return `https://beian.mps.gov.cn/#/query/webSearch${code ? `?code=${code}` : ''}`;
}

/** Only http(s) and site-relative links are followed; anything else is dropped. */
export function safeHref(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  return /^(https?:\/\/|\/(?!\/))/i.test(url) ? url : undefined;
}

/** A redirect target from a query string: same-site paths only. */
export function safeRedirect(target: string | null | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return undefined;
  return target;
}
