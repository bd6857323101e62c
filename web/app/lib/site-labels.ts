import type { SiteInfo } from './site';

/**
 * The labels that name the school (遇见…, …印象, 《…》校刊) are made of its short name; the menu
 * and tile labels an administrator renamed in 站点设置 (DHCD, XYZL: key → label) win over both.
 * Without any name the labels are neutral.
 */
type Named = Pick<SiteInfo, 'shortName'>;

export const introTitleOf = ({ shortName }: Named) => (shortName ? `遇见${shortName}` : '走进学校');
export const impressionsTitleOf = ({ shortName }: Named) =>
  shortName ? `${shortName}印象` : '校园印象';
export const magazineTitleOf = ({ shortName }: Named) =>
  shortName ? `《${shortName}》校刊` : '校刊';
export const bygoneCaptionOf = ({ shortName }: Named) =>
  shortName ? `老照片里的${shortName}岁月` : '老照片里的校园岁月';

/** The top menu's items an administrator may rename (DHCD rows), with their default labels. */
export function menuDefaults(site: Named): Array<{ key: string; label: string }> {
  return [
    { key: 'home', label: '首页' },
    { key: 'intro', label: introTitleOf(site) },
    { key: 'impressions', label: impressionsTitleOf(site) },
    { key: 'news', label: '新闻中心' },
    { key: 'media', label: '校园媒体' },
    { key: 'enrolment', label: '招生信息' },
    { key: 'wenji', label: '校刊文集' },
    { key: 'magazine', label: magazineTitleOf(site) },
    { key: 'studentWenji', label: '学生文集' },
    { key: 'teacherWenji', label: '教师文集' },
    { key: 'platform', label: '智慧平台' },
  ];
}

/** The 校园专栏 grid's and the impression page's tiles (XYZL rows), with their default labels. */
export function tileDefaults(): Array<{ key: string; label: string }> {
  return [
    { key: 'campus15', label: '示范校建设' },
    { key: 'campus16', label: '校务公开' },
    { key: 'campus17', label: '办公室通知' },
    { key: 'campus21', label: '课程建设' },
    { key: 'picture', label: '图片中心' },
    { key: 'alumni', label: '校友频道' },
    { key: 'students', label: '学生频道' },
    { key: 'bygoneYears', label: '似水流年' },
    { key: 'beautifulCampus', label: '最美校园' },
    { key: 'video', label: '视频中心' },
  ];
}

function labeller(defaults: Array<{ key: string; label: string }>, given: Record<string, string>) {
  const byKey = new Map(defaults.map((d) => [d.key, d.label]));
  return (key: string) => given[key] || byKey.get(key) || key;
}

/** `menuLabel('intro')`: the label the top menu shows for an item. */
export const menuLabels = (site: Pick<SiteInfo, 'shortName' | 'menu'>) =>
  labeller(menuDefaults(site), site.menu);

/** `tileLabel('campus15')`: the label a tile shows. */
export const tileLabels = (site: Pick<SiteInfo, 'tiles'>) => labeller(tileDefaults(), site.tiles);
