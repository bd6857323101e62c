import { KINDS, type EventKind } from './demo-events-kinds.js';
import { eventFacts } from './demo-events-facts.js';
import { OFFICE_KINDS } from './demo-events-office.js';
import { INTRO_KINDS } from './demo-events-intro.js';
import { RULE_KINDS } from './demo-events-rules.js';
import { TEACHING_KINDS } from './demo-events-teaching.js';
import type { DemoFiles } from './demo-files.js';
import { seasonOf, type SceneSpec, type TimeOfDay } from './demo-scene.js';
import { seededRandom, type Random } from './random.js';

/**
 * One event per demo item: what happened, to whom, where and when, and the scene its pictures
 * show. The title, the summary and the body are all written from the event's facts, so they
 * agree, and the date follows the school year (no 开学典礼 in November).
 */

export const EVENT_KINDS = {
  ...KINDS,
  ...TEACHING_KINDS,
  ...OFFICE_KINDS,
  ...RULE_KINDS,
  ...INTRO_KINDS,
} as const;
export type EventKindId = keyof typeof EVENT_KINDS;

/** The kinds of event each column reports. */
export const COLUMN_KINDS: Record<number, readonly EventKindId[]> = {
  2: [
    'opening',
    'graduation',
    'sportsMeet',
    'scienceFest',
    'artFest',
    'readingFest',
    'football',
    'study',
  ],
  3: ['research', 'midterm', 'final', 'parents', 'lecture'],
  6: ['alumniReturn', 'alumniTalk'],
  7: ['teacherPrize', 'openLesson', 'research'],
  8: ['contest', 'football', 'volunteer', 'clubShow', 'study'],
  15: ['outreach', 'research'],
  16: ['canteen', 'aid', 'merit'],
  17: ['examNotice', 'winterBreak', 'summerBreak', 'meetNotice'],
  19: ['regulation'],
  20: ['openLesson'],
  21: ['course', 'club', 'clubShow'],
  22: ['party', 'volunteer'],
  11: ['oldPhotos'],
  12: ['scenery'],
};

/** The kinds a special topic (专题) follows, with its sub-news: the big days of the year. */
export const TOPIC_KINDS: readonly EventKindId[] = [
  'scienceFest',
  'artFest',
  'sportsMeet',
  'readingFest',
  'graduation',
  'opening',
];

export interface DemoEvent {
  kind: EventKindId;
  /** The word naming the event (运动会): in its title and body. */
  word: string;
  date: Date;
  place: string;
  /** The people it names: students, teachers, guests. */
  who: string[];
  scene: SceneSpec;
  title: string;
  description: string;
  html: string;
}

const DAY = 86_400_000;

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
}

/**
 * When an event of `kind` took place, the latest on or before `target`: a once-a-year event on
 * its day of that year (the same day for every item about it), any other in one of its months.
 */
export function eventDate(random: Random, kind: EventKind, target: Date): Date {
  const year = target.getUTCFullYear();
  if (kind.fixed) {
    for (let y = year; y > year - 3; y--) {
      const days = kind.fixed
        .map(([month, first, last]) => {
          const day = first + (hash(`${kind.word}${y}${month}`) % (last - first + 1));
          return new Date(Date.UTC(y, month - 1, day, 1 + (hash(`${kind.word}${y}`) % 6), 30));
        })
        .filter((date) => date.getTime() <= target.getTime())
        .sort((a, b) => b.getTime() - a.getTime());
      if (days[0]) return days[0];
    }
  }
  const months = kind.months ?? [];
  for (let back = 0; back < 13; back++) {
    const month = new Date(Date.UTC(year, target.getUTCMonth() - back, 1));
    if (!months.includes(month.getUTCMonth() + 1)) continue;
    if (back === 0) return target;
    const day = random.int(1, 28);
    return new Date(month.getTime() + (day - 1) * DAY + random.int(60, 540) * 60_000);
  }
  return target;
}

const fill = (template: string, facts: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => facts[name] ?? whole);

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Closing sentences of a report, one drawn per body. */
const CLOSINGS = [
  '活动照片和视频已发布在学校网站的校园媒体栏目。',
  '学校将认真总结这次{word}的经验，把好的做法坚持下去。',
  '据{school}{office}介绍，类似的活动今后将形成惯例。',
  '{word}的更多花絮，可关注学校微信公众号。',
];
const OFFICES = ['校长办公室', '教务处', '德育处', '校团委'];

/** A document (a notice, a report to the public) numbers its points, one paragraph each. */
const isDocument = (facts: readonly string[]) =>
  facts.every((fact) => /^([一二三四五六]、|第.条)/.test(fact));

/**
 * The event of `kindId` on or before `target`, with its title, summary and body. A once-a-year
 * event draws its facts from its own seed, so every item about it names the same winners.
 */
export function demoEvent(random: Random, kindId: EventKindId, target: Date): DemoEvent {
  const kind: EventKind = EVENT_KINDS[kindId];
  const date = eventDate(random, kind, target);
  const place = random.pick(kind.places);
  const document = isDocument(kind.facts);
  // A report of a once-a-year event tells its facts (a notice of it may go to any grade).
  const factRandom =
    kind.fixed && !document
      ? seededRandom(hash(`${kind.word}${date.toISOString().slice(0, 10)}`))
      : random;
  const facts = eventFacts(factRandom, kind.word, place, date);
  facts.word = kind.word;
  facts.office = random.pick(OFFICES);
  // A title goes with its lead, which names everything the title does.
  const which = random.int(0, kind.titles.length - 1);
  const title = fill(kind.titles[which]!, facts);
  const lead = fill(kind.leads[which % kind.leads.length]!, facts);
  const points = (document ? [...kind.facts] : shuffled(random, kind.facts)).map((f) =>
    fill(f, facts),
  );
  const quotes = shuffled(random, kind.quotes).map((q) => fill(q, facts));
  const paragraphs = document
    ? [
        lead,
        ...points,
        ...quotes.slice(0, 1),
        `青禾实验中学${facts.office}`,
        `${facts.year}年${facts.md}`,
      ]
    : reportParagraphs(
        random,
        lead,
        points,
        quotes,
        fill(random.pick(kind.closings ?? CLOSINGS), facts),
      );
  const html = paragraphs.map((text) => (text.startsWith('<') ? text : `<p>${text}</p>`)).join('');
  const description = summary(
    lead.replace(/^(各处室、各年级、全体师生：|第一条\u3000)/, ''),
    points,
  );
  const timeOfDay: TimeOfDay =
    kindId === 'scenery' ? random.pick(['morning', 'day', 'evening'] as const) : kind.time;
  return {
    kind: kindId,
    word: kind.word,
    date,
    place,
    who: [facts.student!, facts.student2!, facts.teacher!],
    scene: { scene: kind.scene, season: seasonOf(date), timeOfDay, caption: title },
    title,
    description,
    html,
  };
}

/** Lead and facts in three to five paragraphs, the quotes between them, the closing last. */
function reportParagraphs(
  random: Random,
  lead: string,
  points: string[],
  quotes: string[],
  closing: string,
): string[] {
  const [first, ...rest] = points;
  const paragraphs = [lead + (first ?? '')];
  const split = random.int(1, Math.max(1, rest.length - 1));
  paragraphs.push(rest.slice(0, split).join(''));
  if (random.next() < 0.4)
    paragraphs.push(`<h3>${random.pick(['现场直击', '师生心声', '幕后故事'])}</h3>`);
  paragraphs.push(quotes.join(''));
  if (rest.length > split) paragraphs.push(rest.slice(split).join(''));
  paragraphs.push(closing);
  return paragraphs.filter((text) => text !== '');
}

/** The lead and as many facts as fit 180 characters. */
function summary(lead: string, points: string[]): string {
  let text = lead;
  for (const point of points) {
    const next = text + point.replace(/^([一二三四五六]、|第.条\u3000)/, '');
    if ([...next].length > 180) break;
    text = next;
    if ([...text].length >= 90) break;
  }
  return [...text].length > 180 ? [...text].slice(0, 179).join('') + '…' : text;
}

/** '我校…' and '青禾实验中学…' are the same title to a reader. */
export const titleKey = (title: string) => title.replace(/^(我校|学校|青禾实验中学)/, '');

/**
 * An event of one of `kinds` whose title is not yet in `titles` (a column never reads the same
 * twice) and whose body is not in `bodies`: while it repeats, the date moves back a little.
 */
export function distinctEvent(
  random: Random,
  kinds: readonly EventKindId[],
  target: Date,
  titles: Set<string>,
  bodies?: Set<string>,
): DemoEvent {
  const key = titleKey;
  let at = target;
  let event = demoEvent(random, random.pick(kinds), at);
  for (let attempt = 1; attempt < 90; attempt++) {
    if (!titles.has(key(event.title)) && !bodies?.has(event.html)) break;
    if (attempt % 3 === 0) at = new Date(at.getTime() - 40 * DAY);
    event = demoEvent(random, random.pick(kinds), at);
  }
  titles.add(key(event.title));
  bodies?.add(event.html);
  return event;
}

const clips = new WeakMap<object, Map<string, Promise<number>>>();

/**
 * A short slideshow of an event of this kind: a title card naming the kind (青禾实验中学运动会),
 * then the event's scene seen three ways. One clip per kind and set of files, shared by every
 * item of that kind, since making a clip takes ffmpeg a second.
 */
export function eventVideo(files: Pick<DemoFiles, 'video'>, event: DemoEvent): Promise<number> {
  const made = clips.get(files) ?? new Map<string, Promise<number>>();
  clips.set(files, made);
  let clip = made.get(event.kind);
  if (!clip) {
    const captions = [event.place, event.word, seasonName[event.scene.season]];
    const scenes: SceneSpec[] = captions.map((caption) => ({ ...event.scene, caption }));
    clip = files.video({ title: `青禾实验中学${event.word}`, scenes, captions, seed: made.size });
    made.set(event.kind, clip);
  }
  return clip;
}

const seasonName = { spring: '春', summer: '夏', autumn: '秋', winter: '冬' } as const;
