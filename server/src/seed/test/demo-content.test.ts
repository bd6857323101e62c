import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  FOLDER_KINDS,
  GRADES,
  LABELS,
  SUBJECTS,
  TOPICS as DRIVE_TOPICS,
  lessonDocument,
  resourceTitle,
  type FileKind,
} from '../demo-drive-content.js';
import {
  IMAGE_SIZES,
  MAGAZINE_COVER_SIZE,
  makeImage,
  makeMagazineCover,
  type ImageKind,
} from '../demo-images.js';
import { admissionsDates } from '../demo-news.js';
import { makeDocumentPdf, makeMagazinePdf } from '../demo-pdf.js';
import { chineseNumber, holidayAfter } from '../demo-text-slots.js';
import {
  HISTORY_TABS,
  SCHOLARSHIP_HTML,
  SCHOOL_AIMS_HTML,
  SCHOOL_EMBLEM_HTML,
  SCHOOL_PROFILE_HTML,
  SCHOOL_SONG_HTML,
} from '../demo-school-intro.js';
import {
  MAGAZINE_ISSUES,
  academicianTitle,
  admissionsNotice,
  exchangeTitle,
  honourTitle,
  leaderCareTitle,
  issueDate,
  magazineIssueLabel,
  magazineTitle,
  newsDescription,
  newsHtml,
  newsTitle,
  personName,
  societyName,
  sourceName,
  textLength,
  videoFileName,
  type DemoTopic,
} from '../demo-text.js';
import { seededRandom } from '../random.js';

const TOPICS: DemoTopic[] = [
  'campus',
  'education',
  'special',
  'alumni',
  'teacher',
  'student',
  'society',
  'demonstration',
  'affairs',
  'notice',
  'course',
  'gallery-past',
  'gallery-campus',
  'video',
  'regulation',
  'party',
  'openclass',
];
const KINDS = Object.keys(IMAGE_SIZES) as ImageKind[];
const ALLOWED_TAGS = new Set(['p', 'h3', 'ul', 'li', 'strong', 'em', 'br']);

/** A word of two or more Chinese characters written twice in a row (微课微课视频). */
const DOUBLED = /(\p{Script=Han}{2,})\1/u;
const DAY = 86_400_000;

/** The text of every page of a PDF, as a reader's copy and search see it (pdf.js). */
async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
  }
  await doc.destroy();
  return text;
}

const tagsOf = (html: string) => [...html.matchAll(/<\/?([a-z0-9]+)[^>]*>/g)].map((m) => m[1]);
const plain = (html: string) => html.replace(/<[^>]+>/g, '');

function article(seed: number, topic: DemoTopic, date?: Date) {
  const random = seededRandom(seed);
  const title = newsTitle(random, topic, date);
  return {
    title,
    description: newsDescription(random, topic, date),
    html: newsHtml(random, topic, title, date),
  };
}

describe('demo images', () => {
  it.each(KINDS)('%s has the right format and size', async (kind) => {
    const image = await makeImage(kind, 42);
    const meta = await sharp(image.data).metadata();
    expect(meta.format).toBe(kind === 'logo' ? 'png' : 'jpeg');
    expect(image.mimeType).toBe(kind === 'logo' ? 'image/png' : 'image/jpeg');
    expect(image.fileName).toMatch(kind === 'logo' ? /\.png$/ : /\.jpg$/);
    expect({ width: meta.width, height: meta.height }).toEqual(IMAGE_SIZES[kind]);
  });

  it('gives the same bytes for the same seed and different pictures for different seeds', async () => {
    const [a, b, c] = await Promise.all([
      makeImage('cover', 7),
      makeImage('cover', 7),
      makeImage('cover', 8),
    ]);
    expect(a.data.equals(b.data)).toBe(true);
    expect(a.data.equals(c.data)).toBe(false);
    expect(a.data.length).toBeLessThan(40 * 1024);
  });
});

describe('demo magazine PDF', () => {
  const input = {
    seriesName: '青禾',
    seriesKind: '校刊',
    issue: '2026年秋季号　总第32期',
    seed: 3,
  };

  it('has the requested pages and is small and repeatable', async () => {
    const pdf = await makeMagazinePdf({ ...input, pages: 6 });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(6);
    expect(pdf.length).toBeLessThan(160 * 1024);
    expect(pdf.equals(await makeMagazinePdf({ ...input, pages: 6 }))).toBe(true);
  });

  it('picks 6-8 pages when none are asked for', async () => {
    const pdf = await makeMagazinePdf({ ...input, pages: 0 });
    const count = (await PDFDocument.load(pdf)).getPageCount();
    expect(count).toBeGreaterThanOrEqual(6);
    expect(count).toBeLessThanOrEqual(8);
  });

  it('is in Chinese: the cover names the series, what it is and the issue', async () => {
    const text = await pdfText(await makeMagazinePdf({ ...input, pages: 3 }));
    for (const words of ['青禾', '青禾实验中学校刊', '2026年秋季号', '总第32期', '本期目录']) {
      expect(text).toContain(words);
    }
    // Chinese reports, not English ones.
    expect(text.match(/\p{Script=Han}/gu)!.length).toBeGreaterThan(500);
    expect(text).not.toMatch(/[A-Za-z]{4,}/);
  });
});

describe('demo magazines', () => {
  const now = new Date(Date.UTC(2026, 10, 26, 9));

  it('have names that fit the 4 characters the cards show, one per issue', () => {
    const names = Array.from({ length: MAGAZINE_ISSUES }, (_, i) => magazineTitle(i + 1));
    for (const name of names) expect(textLength(name), name).toBeLessThanOrEqual(4);
    expect(new Set(names).size).toBe(names.length);
    expect(names.at(-1)).toBe('第32期');
  });

  it('come out quarterly up to the quarter of the clock, never after it', () => {
    const last = issueDate(MAGAZINE_ISSUES, now);
    expect(last).toMatchObject({ year: 2026, season: '秋季号' });
    expect(last.published.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(issueDate(1, now)).toMatchObject({ year: 2019, number: 1, season: '冬季号' });
    expect(magazineIssueLabel(32, now)).toBe('2026年秋季号　总第32期');
    const early = new Date(Date.UTC(2027, 0, 2));
    expect(issueDate(MAGAZINE_ISSUES, early).published.getTime()).toBeLessThanOrEqual(
      early.getTime(),
    );
  });

  it('have a Chinese cover of the size of the cards', async () => {
    const cover = await makeMagazineCover({
      series: '禾苗',
      kind: '学生文集',
      issue: magazineIssueLabel(30, now),
      seed: 230,
    });
    const meta = await sharp(cover.data).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual(MAGAZINE_COVER_SIZE);
    expect(meta.format).toBe('jpeg');
  });
});

describe('demo teaching drive', () => {
  const kinds = (type: string) => Object.keys(LABELS[type]!) as FileKind[];

  it('names files without doubled words, each title saying its subject, grade and kind', () => {
    const titles = new Set<string>();
    let combinations = 0;
    for (const subject of SUBJECTS) {
      for (const grade of GRADES) {
        for (const [folder, type] of FOLDER_KINDS) {
          for (const topic of DRIVE_TOPICS[type]!) {
            for (const kind of kinds(type)) {
              const title = resourceTitle(subject, grade, topic, type, kind);
              expect(title, title).not.toMatch(DOUBLED);
              expect(title.startsWith(`${subject}${grade}${topic}`)).toBe(true);
              if (kind === 'pdf' || kind === 'docx')
                expect(title.endsWith(folder === '试题' ? '试题' : folder)).toBe(true);
              titles.add(`${title}.${kind}`);
              combinations += 1;
            }
          }
        }
      }
    }
    // Every combination has a file name of its own.
    expect(titles.size).toBe(combinations);
  });

  it('writes lesson PDFs in Chinese whose text holds their title and subject', async () => {
    for (const [subject, grade, type] of [
      ['历史', '高一', '1'],
      ['数学', '高二', '2'],
      ['英语', '高三', '3'],
    ] as const) {
      const topic = DRIVE_TOPICS[type]![0]!;
      const input = lessonDocument(subject, grade, topic, type);
      expect(input.title).toBe(resourceTitle(subject, grade, topic, type, 'pdf'));
      const text = (await pdfText(await makeDocumentPdf(input))).replace(/\s+/g, '');
      expect(text).toContain(input.title);
      expect(text).toContain(`${subject}组`);
      expect(text).not.toMatch(/Teaching material|Exercise/);
    }
  });
});

describe('demo Chinese text', () => {
  it('is the same for the same seed', () => {
    for (const topic of TOPICS) expect(article(11, topic)).toEqual(article(11, topic));
    expect(article(11, 'campus')).not.toEqual(article(12, 'campus'));
  });

  it('keeps titles, descriptions and paragraphs within their lengths', () => {
    let longTitles = 0;
    for (let seed = 0; seed < 40; seed++) {
      for (const topic of TOPICS) {
        const { title, description, html } = article(seed, topic);
        expect(textLength(title), title).toBeGreaterThanOrEqual(12);
        expect(textLength(title), title).toBeLessThanOrEqual(45);
        if (textLength(title) > 40) longTitles++;
        expect(textLength(description), description).toBeGreaterThanOrEqual(60);
        expect(textLength(description), description).toBeLessThanOrEqual(180);
        const paragraphs = [...html.matchAll(/<p>(.*?)<\/p>/g)].map((m) => plain(m[1]));
        expect(paragraphs.length).toBeGreaterThanOrEqual(3);
        expect(paragraphs.length).toBeLessThanOrEqual(7);
        for (const text of paragraphs) {
          expect(textLength(text), text).toBeGreaterThanOrEqual(80);
          expect(textLength(text), text).toBeLessThanOrEqual(200);
        }
      }
    }
    // The UI cuts long titles with '...'; the demo must exercise that.
    expect(longTitles).toBeGreaterThan(10);
  });

  it('writes HTML with the safe tags only', () => {
    const pages = [
      SCHOOL_PROFILE_HTML,
      SCHOOL_AIMS_HTML,
      SCHOOL_SONG_HTML,
      SCHOOL_EMBLEM_HTML,
      SCHOLARSHIP_HTML,
      ...HISTORY_TABS.map((tab) => tab.html),
    ];
    for (let seed = 0; seed < 20; seed++) {
      for (const topic of TOPICS) pages.push(article(seed, topic).html);
    }
    for (const html of pages) {
      for (const tag of tagsOf(html)) expect(ALLOWED_TAGS, tag).toContain(tag);
      expect(html).not.toMatch(/[{}]/);
    }
    expect(HISTORY_TABS.map((tab) => tab.title)).toEqual(['文华书院', '青溪学堂', '校名沿革']);
  });

  it('names people, sources, societies, videos and magazines sensibly', () => {
    const random = seededRandom(5);
    const videos: string[] = [];
    for (let i = 0; i < 30; i++) {
      expect(textLength(personName(random))).toBeGreaterThanOrEqual(2);
      expect(textLength(personName(random))).toBeLessThanOrEqual(3);
      expect(sourceName(random)).not.toBe('');
      expect(societyName(random, ((i % 6) + 1) as 1 | 2 | 3 | 4 | 5 | 6)).not.toBe('');
      videos.push(videoFileName(random, i));
      for (const title of [
        honourTitle(random),
        leaderCareTitle(random),
        academicianTitle(random),
        exchangeTitle(random),
      ]) {
        expect(title).not.toMatch(/[{}]/);
      }
    }
    expect(videos.every((name) => name.endsWith('.mp4'))).toBe(true);
    expect(videos.some((name) => textLength(name) > 13)).toBe(true);
    for (const name of videos) expect(name, name).not.toMatch(DOUBLED);
  });
});

describe('demo titles agree with their dates', () => {
  const now = new Date(Date.UTC(2026, 10, 26, 9));
  const dates = Array.from({ length: 60 }, (_, i) => new Date(now.getTime() - i * 9 * DAY));

  it('never repeat a word, never name a year but the date’s, never a day after it', () => {
    for (const [i, date] of dates.entries()) {
      for (const topic of TOPICS) {
        const { title, description, html } = article(i, topic, date);
        for (const text of [title, description]) expect(text, text).not.toMatch(DOUBLED);
        const year = date.getUTCFullYear();
        for (const [, named] of title.matchAll(/(\d{4})年/g)) {
          // The one year ahead: the 高考 of a school year, the 元旦 or 寒假 a notice prepares for.
          expect([year, year + 1], title).toContain(Number(named));
        }
        for (const [, named] of `${title}${description}`.matchAll(/(\d{4})—(\d{4})学年/g)) {
          expect([year - 1, year], title).toContain(Number(named));
        }
        // Days named as past ('3月5日，…') are on or before the item's date.
        for (const [, month, day] of plain(html).matchAll(/(\d{1,2})月(\d{1,2})日[，下]/g)) {
          const named = Date.UTC(year, Number(month) - 1, Number(day));
          expect(named, `${date.toISOString()} ${title}`).toBeLessThanOrEqual(date.getTime());
        }
      }
    }
  });

  it('counts a festival the same all year, and the sports meet from 1952', () => {
    for (const [i, date] of dates.entries()) {
      const random = seededRandom(i);
      for (let k = 0; k < 20; k++) {
        const title = newsTitle(random, 'campus', date);
        const meet = /第(.+)届(春季|秋季)田径运动会/.exec(title);
        if (meet) expect(meet[1]).toBe(chineseNumber(date.getUTCFullYear() - 1951));
        const reading = /第(.+)届读书节/.exec(title);
        if (reading) expect(reading[1]).toBe(chineseNumber(date.getUTCFullYear() - 2011));
      }
    }
    expect(chineseNumber(75)).toBe('七十五');
    expect(chineseNumber(10)).toBe('十');
    expect(chineseNumber(15)).toBe('十五');
    expect(chineseNumber(3)).toBe('三');
  });

  it('prepares a holiday notice for the holiday that comes next', () => {
    expect(holidayAfter(new Date(Date.UTC(2026, 0, 10)))).toEqual({ holiday: '寒假', year: 2026 });
    expect(holidayAfter(new Date(Date.UTC(2026, 5, 20)))).toEqual({ holiday: '暑假', year: 2026 });
    expect(holidayAfter(new Date(Date.UTC(2026, 8, 25)))).toEqual({
      holiday: '国庆节假期',
      year: 2026,
    });
    expect(holidayAfter(new Date(Date.UTC(2026, 11, 20)))).toEqual({
      holiday: '元旦假期',
      year: 2027,
    });
    for (const [i, date] of dates.entries()) {
      const random = seededRandom(i);
      for (let k = 0; k < 12; k++) {
        const title = newsTitle(random, 'notice', date);
        const holiday = /关于做好(\d{4})年(.+)安全工作的通知/.exec(title);
        if (!holiday) continue;
        expect({ holiday: holiday[2], year: Number(holiday[1]) }).toEqual(holidayAfter(date));
        const body = plain(newsHtml(random, 'notice', title, date));
        expect(body).toMatch(/假期|放假/);
      }
    }
  });

  it('publishes one admissions notice a year, in spring, its body about admissions', () => {
    for (const clock of [now, new Date(Date.UTC(2027, 1, 1)), new Date(Date.UTC(2027, 4, 1))]) {
      const published = admissionsDates(clock);
      const years = published.map((date) => date.getUTCFullYear());
      expect(new Set(years).size).toBe(years.length);
      expect(years.length).toBeGreaterThanOrEqual(4);
      for (const date of published) {
        expect([3, 4, 5]).toContain(date.getUTCMonth() + 1);
        expect(date.getTime()).toBeLessThan(clock.getTime());
      }
    }
    expect(
      admissionsDates(new Date(Date.UTC(2027, 1, 1)))
        .at(-1)!
        .getUTCFullYear(),
    ).toBe(2026);
    const notice = admissionsNotice(2026, 16);
    expect(notice.title).toBe('青禾实验中学2026年高中部招生简章');
    const body = plain(notice.html);
    for (const words of ['招生计划', '招生对象', '2026年初中毕业生', '录取', '咨询']) {
      expect(body).toContain(words);
    }
    expect(body).not.toMatch(/假期|防溺水/);
    expect(body).not.toMatch(/20(?!26)\d\d年/);
  });
});
