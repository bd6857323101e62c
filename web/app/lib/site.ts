import type { Parameter } from '@school/common/api';

/** The school's details shown in the chrome, all kept as system parameters. */
export interface SiteInfo {
  name: string;
  englishName: string;
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
  'XXYWMC',
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
  return {
    name: value('XXMC') || '学校门户网站',
    englishName: value('XXYWMC'),
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
