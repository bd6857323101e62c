import { BANKS, DESCRIPTION_TAILS, TOPIC_GROUP, type BodyGroup } from './demo-text-body.js';
import { SOCIETIES, SOURCES } from './demo-text-names.js';
import { SLOTS } from './demo-text-slots.js';
import type { Random } from './random.js';
import { INTRO_TITLES, TITLE_TAILS, TITLES, type DemoTopic } from './demo-text-titles.js';

export {
  HISTORY_TABS,
  SCHOLARSHIP_HTML,
  SCHOOL_AIMS_HTML,
  SCHOOL_EMBLEM_HTML,
  SCHOOL_PROFILE_HTML,
  SCHOOL_SONG_HTML,
} from './demo-school-intro.js';
export { personName } from './demo-text-names.js';
export type { DemoTopic };

/** Length in characters as a reader counts them (code points, not UTF-16 units). */
export const textLength = (text: string) => [...text].length;

/** Replaces each `{slot}` with a value drawn from SLOTS. */
export function fill(random: Random, template: string): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const slot = SLOTS[name];
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

/** A news title of 12-45 characters; about one in five carries a subtitle, most of those past 40. */
export function newsTitle(random: Random, topic: DemoTopic): string {
  return fitting(
    () => {
      const title = fill(random, random.pick(TITLES[topic]));
      const tails = TITLE_TAILS[topic];
      const long = tails.length > 0 && random.next() < 0.22;
      return long ? title + fill(random, random.pick(tails)) : title;
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
) {
  let text = start;
  const here = new Set<string>();
  for (let attempt = 0; attempt < 60 && textLength(text) < target; attempt++) {
    const template = random.pick(pool);
    if (here.has(template) || (used.has(template) && attempt < 30)) continue;
    const sentence = fill(random, template);
    if (textLength(text) + textLength(sentence) <= max) {
      text += sentence;
      here.add(template);
      used.add(template);
    }
  }
  return text;
}

/** A summary of 60-180 characters for list pages. */
export function newsDescription(random: Random, topic: DemoTopic): string {
  const bank = BANKS[TOPIC_GROUP[topic]];
  return fitting(
    () => {
      const lead = fill(random, random.pick(bank.leads));
      const body = extend(random, lead, bank.sentences, random.int(60, 140), 165);
      return extend(random, body, DESCRIPTION_TAILS, 60, 180);
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
export function newsHtml(random: Random, topic: DemoTopic, title: string): string {
  const group = TOPIC_GROUP[topic];
  const bank = BANKS[group];
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
        salutation + (titleSentence(topic, title) ?? fill(random, random.pick(bank.leads)));
    }
    let text = extend(random, opening, bank.sentences, random.int(80, 150), 200, used);
    if (textLength(text) < 80) text = extend(random, text, bank.sentences, 80);
    if (i > 0 && random.next() < 0.3) text = wrapFirstSentence(text, 'strong');
    else if (i > 0 && random.next() < 0.1) text = wrapFirstSentence(text, 'em');
    parts.push(`<p>${text}</p>`);
    if (i === listAfter) {
      const items = new Set<string>();
      for (let size = random.int(3, 5), tries = 0; items.size < size && tries < 20; tries++) {
        items.add(fill(random, random.pick(bank.items)));
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
export function videoFileName(random: Random, index: number): string {
  if (random.next() < 0.5) return `${random.pick(SHORT_VIDEOS)}${index + 1}.mp4`;
  return `${fill(random, random.pick(LONG_VIDEOS))}.mp4`;
}

/** The three magazine series, with the Latin names the PDF covers can draw. */
export const MAGAZINE_SERIES = [
  { name: '青禾', latin: 'Qinghe' },
  { name: '禾苗', latin: 'Hemiao' },
  { name: '青溪', latin: 'Qingxi Review' },
] as const;

/** Quarterly issues counted from 2019: issue 1 is 2019 No. 1, issue 32 is 2026 No. 4. */
export const FIRST_ISSUE_YEAR = 2019;

export function issueDate(issueNumber: number) {
  const index = Math.max(1, Math.floor(issueNumber)) - 1;
  return { year: FIRST_ISSUE_YEAR + Math.floor(index / 4), number: (index % 4) + 1 };
}

/** For example '青禾 2026年第1期' (issue 29). */
export function magazineTitle(seriesIndex: 1 | 2 | 3, issueNumber: number): string {
  const { year, number } = issueDate(issueNumber);
  return `${MAGAZINE_SERIES[seriesIndex - 1].name} ${year}年第${number}期`;
}

/** The same issue for the PDF cover, e.g. '2026 No. 1'. */
export function magazineIssueLatin(issueNumber: number): string {
  const { year, number } = issueDate(issueNumber);
  return `${year} No. ${number}`;
}

export const honourTitle = (random: Random) => fill(random, random.pick(INTRO_TITLES.honour));
export const leaderCareTitle = (random: Random) =>
  fill(random, random.pick(INTRO_TITLES.leaderCare));
export const academicianTitle = (random: Random) =>
  fill(random, random.pick(INTRO_TITLES.academician));
export const exchangeTitle = (random: Random) => fill(random, random.pick(INTRO_TITLES.exchange));
