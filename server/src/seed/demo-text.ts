import { BANKS, DESCRIPTION_TAILS, TOPIC_GROUP, type BodyGroup } from './demo-text-body.js';
import { SOCIETIES, SOURCES } from './demo-text-names.js';
import { SLOTS, datedSlots, type Slot } from './demo-text-slots.js';
import type { Random } from './random.js';
import { INTRO_TITLES, TITLE_TAILS, TITLES, type DemoTopic } from './demo-text-titles.js';

export { personName } from './demo-text-names.js';
export type { DemoTopic };

/** Length in characters as a reader counts them (code points, not UTF-16 units). */
export const textLength = (text: string) => [...text].length;

/** Replaces each `{slot}` with a value drawn from `slots` (SLOTS, or some bound to a date). */
export function fill(
  random: Random,
  template: string,
  slots: Record<string, Slot> = SLOTS,
): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const slot = slots[name];
    if (!slot) return whole;
    return typeof slot === 'function' ? slot(random) : random.pick(slot);
  });
}

/** Draws until the text fits, so templates need not be measured by hand. */
function fitting(make: () => string, min: number, max: number): string {
  let text = make();
  for (let attempt = 0; attempt < 30; attempt++) {
    if (textLength(text) >= min && textLength(text) <= max) return text;
    text = make();
  }
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join('') : text.padEnd(min, '。');
}

/**
 * A news title of 12-45 characters; about one in five carries a subtitle, most
 * of those past 40. Given the item's date, its years, terms, seasons, months
 * and holidays are the ones of that date (a notice of 2026年寒假 is dated
 * before that holiday, never years apart).
 */
export function newsTitle(random: Random, topic: DemoTopic, date?: Date): string {
  const slots = date ? datedSlots(date) : SLOTS;
  return fitting(
    () => {
      const title = fill(random, random.pick(TITLES[topic]), slots);
      const tails = TITLE_TAILS[topic];
      const long = tails.length > 0 && random.next() < 0.22;
      return long ? title + fill(random, random.pick(tails), slots) : title;
    },
    12,
    45,
  );
}

/**
 * Appends sentences until the text reaches `target`, never passing `max`.
 * Templates in `used` are avoided while there is a choice, so an article
 * repeats itself only when its pool runs dry.
 */
function extend(
  random: Random,
  start: string,
  pool: readonly string[],
  target: number,
  max = 200,
  used = new Set<string>(),
  slots: Record<string, Slot> = SLOTS,
) {
  let text = start;
  const here = new Set<string>();
  for (let attempt = 0; attempt < 60 && textLength(text) < target; attempt++) {
    const template = random.pick(pool);
    if (here.has(template) || (used.has(template) && attempt < 30)) continue;
    const sentence = fill(random, template, slots);
    if (textLength(text) + textLength(sentence) <= max) {
      text += sentence;
      here.add(template);
      used.add(template);
    }
  }
  return text;
}

/** A summary of 60-180 characters for list pages; dates in it are on or before `date`. */
export function newsDescription(random: Random, topic: DemoTopic, date?: Date): string {
  const bank = BANKS[TOPIC_GROUP[topic]];
  const slots = date ? datedSlots(date) : SLOTS;
  return fitting(
    () => {
      const lead = fill(random, random.pick(bank.leads), slots);
      const body = extend(random, lead, bank.sentences, random.int(60, 140), 165, undefined, slots);
      return extend(random, body, DESCRIPTION_TAILS, 60, 180, undefined, slots);
    },
    60,
    180,
  );
}

/** An opening sentence that repeats the headline, the way news reports and documents begin. */
function titleSentence(topic: DemoTopic, title: string): string | undefined {
  const group = TOPIC_GROUP[topic];
  if (group === 'notice' || group === 'affairs' || group === 'regulation') {
    const subject = /^关于(.+)的(通知|公示|规定)$/.exec(title)?.[1];
    if (subject) return `现就${subject}有关事项说明如下。`;
    if (group === 'affairs') return `现将${title}如下。`;
    if (group === 'regulation') return `现将《${title}》印发给你们，请认真遵照执行。`;
    return `现将${title}发布如下。`;
  }
  if (/[：｜—《]/.test(title) || textLength(title) > 30) return undefined;
  return `近日，${title.replace(/ /g, '，')}。`;
}

const NUMERALS = '一二三四五六七八九十';

/** '一、加强组织领导。' for notices, '第二条' and a wide space for rules, nothing for news. */
function numberedStart(group: BodyGroup, index: number, offset: number): string {
  const bank = BANKS[group];
  if (bank.numbering === 'articles') return index > 0 ? `第${NUMERALS[index - 1]}条\u3000` : '';
  if (bank.numbering === 'sections' && index > 0 && bank.sections) {
    // Walking the heads in turn from a random start keeps them from repeating.
    return `${NUMERALS[index - 1]}、${bank.sections[(offset + index) % bank.sections.length]}`;
  }
  return '';
}

const wrapFirstSentence = (text: string, tag: 'strong' | 'em') =>
  text.replace(/^([^。：]+[。：])/, `<${tag}>$1</${tag}>`);

/**
 * An article body of 3-7 paragraphs (80-200 characters each) with, now and
 * then, a subheading, a list and some emphasis. Only p, h3, ul, li, strong,
 * em and br appear, so it passes any sanitiser unchanged.
 */
export function newsHtml(random: Random, topic: DemoTopic, title: string, date?: Date): string {
  const group = TOPIC_GROUP[topic];
  const bank = BANKS[group];
  const slots = date ? datedSlots(date) : SLOTS;
  // Sentences about a holiday, an exam or a sign-up only in documents about one.
  const sentences = [
    ...bank.sentences,
    ...(bank.keyed ?? []).filter(([key]) => key.test(title)).flatMap(([, more]) => more),
  ];
  const count = random.int(3, 7);
  const headingAt = random.next() < 0.5 ? random.int(1, count - 1) : -1;
  const listAfter = random.next() < 0.4 ? random.int(0, count - 1) : -1;
  const parts: string[] = [];
  const used = new Set<string>();
  const offset = random.int(0, 9);
  for (let i = 0; i < count; i++) {
    if (i === headingAt) parts.push(`<h3>${random.pick(bank.headings)}</h3>`);
    let opening = numberedStart(group, i, offset);
    if (i === 0) {
      const salutation = group === 'notice' ? '各处室、各年级、全体师生：' : '';
      opening +=
        salutation + (titleSentence(topic, title) ?? fill(random, random.pick(bank.leads), slots));
    }
    let text = extend(random, opening, sentences, random.int(80, 150), 200, used, slots);
    if (textLength(text) < 80) text = extend(random, text, sentences, 80, 200, undefined, slots);
    if (i > 0 && random.next() < 0.3) text = wrapFirstSentence(text, 'strong');
    else if (i > 0 && random.next() < 0.1) text = wrapFirstSentence(text, 'em');
    parts.push(`<p>${text}</p>`);
    if (i === listAfter) {
      const items = new Set<string>();
      for (let size = random.int(3, 5), tries = 0; items.size < size && tries < 20; tries++) {
        items.add(fill(random, random.pick(bank.items), slots));
      }
      parts.push(`<ul>${[...items].map((item) => `<li>${item}</li>`).join('')}</ul>`);
    }
  }
  return parts.join('');
}

/** The department or (invented) newspaper an article comes from. */
export function sourceName(random: Random): string {
  return random.pick(SOURCES);
}

/** Categories: 1 海外文化, 2 理工科技, 3 人文社科, 4 社会文化, 5 体育运动, 6 文化艺术. */
export function societyName(random: Random, category: 1 | 2 | 3 | 4 | 5 | 6): string {
  return random.pick(SOCIETIES[category]);
}

const SHORT_VIDEOS = ['开学典礼', '校园风光', '社团展演', '课间操', '升旗仪式', '毕业季', '读书节'];
const LONG_VIDEOS = [
  '{year}年{event}精彩回顾',
  '青禾实验中学{festival}开幕式全程',
  '{club}{clubEvent}现场实录',
  '{gradeShort}{openLesson}课堂实录',
];

/** A video file name; about half run past 13 characters so the list has to cut them. */
export function videoFileName(random: Random, index: number, date?: Date): string {
  if (random.next() < 0.5) return `${random.pick(SHORT_VIDEOS)}${index + 1}.mp4`;
  return `${fill(random, random.pick(LONG_VIDEOS), date ? datedSlots(date) : SLOTS)}.mp4`;
}

/** The three magazine series (their rows are MAGAZINE_SERIES of the magazine module). */
export const MAGAZINE_SERIES = [
  { name: '青禾', kind: '校刊' },
  { name: '禾苗', kind: '学生文集' },
  { name: '青溪', kind: '教师文集' },
] as const;

/** Issues of each series: quarterly, the last one in the quarter of the seed's clock. */
export const MAGAZINE_ISSUES = 32;
const SEASONS = ['冬季号', '春季号', '夏季号', '秋季号'];

/**
 * Issue `issueNumber` (1..MAGAZINE_ISSUES) of a quarterly counted back from
 * the quarter of `now`: published on the first day of its quarter, so never
 * after `now`, and named after the season it opens (January: 冬季号).
 */
export function issueDate(issueNumber: number, now: Date) {
  const quarter = now.getUTCFullYear() * 4 + Math.floor(now.getUTCMonth() / 3);
  const index = quarter - (MAGAZINE_ISSUES - Math.max(1, Math.floor(issueNumber)));
  const year = Math.floor(index / 4);
  const number = (index % 4) + 1;
  return {
    year,
    number,
    season: SEASONS[number - 1]!,
    published: new Date(Date.UTC(year, (number - 1) * 3, 1, 2)),
  };
}

/**
 * The issue's name on the cards: 第32期. The portal cuts magazine names at 4
 * characters (portal spec), so the name is the running number, which fits and
 * tells the issues apart; the series is the page's tab, the year and season
 * are on the cover.
 */
export function magazineTitle(issueNumber: number): string {
  return `第${issueNumber}期`;
}

/** What the cover prints: 2026年秋季号 总第32期. */
export function magazineIssueLabel(issueNumber: number, now: Date): string {
  const { year, season } = issueDate(issueNumber, now);
  return `${year}年${season}\u3000总第${issueNumber}期`;
}

const introTitle =
  (kind: keyof typeof INTRO_TITLES) =>
  (random: Random, date?: Date): string =>
    fill(random, random.pick(INTRO_TITLES[kind]), date ? datedSlots(date) : SLOTS);
/** Entries of the introduction's lists; given the entry's date, a year in it is that date's. */
export const honourTitle = introTitle('honour');
export const leaderCareTitle = introTitle('leaderCare');
export const academicianTitle = introTitle('academician');
export const exchangeTitle = introTitle('exchange');

/**
 * The admissions notice (招生简章) of `year`: one a year, published in spring
 * before the 中考, its body about admissions (plan, who may apply, how, fees,
 * contact). Written whole rather than from the sentence banks, so the title
 * and the body always agree.
 */
export function admissionsNotice(year: number, classes: number) {
  const places = classes * 48;
  const title = `青禾实验中学${year}年高中部招生简章`;
  const description = `青禾实验中学${year}年计划招收高一新生${classes}个班、${places}人，面向青禾市${year}年初中毕业生，按中考成绩择优录取。本简章介绍学校概况、招生计划、报名方式、录取办法和咨询方式。`;
  const section = (n: string, head: string, text: string) =>
    `<p><strong>${n}、${head}</strong>${text}</p>`;
  const html = [
    `<p>各位初三同学、各位家长：</p>`,
    `<p>欢迎报考青禾实验中学！现将我校${year}年高中部招生有关事项公布如下。</p>`,
    section(
      '一',
      '学校概况。',
      '青禾实验中学创办于1952年，是省级示范性普通高中，现有高中教学班36个，专任教师二百余人。学校坐落在青溪湖畔，设有科技楼、艺术中心、图书馆和标准田径场。',
    ),
    section(
      '二',
      '招生计划。',
      `${year}年我校计划招收高一新生${classes}个班、${places}人，其中科技创新实验班2个班、96人。`,
    ),
    section(
      '三',
      '招生对象。',
      `具有青禾市户籍或学籍的${year}年初中毕业生，品德良好，身体健康，参加${year}年青禾市中考。`,
    ),
    section(
      '四',
      '报名与录取。',
      `考生在青禾市中考志愿填报系统中填报我校志愿，不另行组织报名。学校按市教育局统一划定的分数线，依据中考成绩从高分到低分择优录取；科技创新实验班在${year}年6月下旬另行组织面试，具体安排届时在学校网站公布。`,
    ),
    section(
      '五',
      '收费标准。',
      '严格按照青禾市物价部门核定的标准收取学费和住宿费，不收取任何与招生挂钩的费用。家庭经济困难的学生可申请国家助学金和学校奖助学金。',
    ),
    section(
      '六',
      '咨询方式。',
      `招生咨询电话：0571-8866 2301（招生办公室，工作日8:00—17:00）。${year}年5月的每个周六上午，学校开放校园，欢迎同学和家长来校参观。`,
    ),
    `<p>青禾实验中学招生办公室</p>`,
  ].join('');
  return { title, description, html };
}

/**
 * A title not yet in `used` (a list of one column must not read the same
 * twice): draws again while it repeats, then adds it to `used`. A template
 * without slots is used only once this way.
 */
export function distinctTitle(used: Set<string>, make: () => string): string {
  // '我校…' and '青禾实验中学…' are the same title to a reader.
  const key = (title: string) => title.replace(/^(我校|学校|青禾实验中学)/, '');
  let title = make();
  for (let attempt = 0; attempt < 80 && used.has(key(title)); attempt++) title = make();
  used.add(key(title));
  return title;
}
