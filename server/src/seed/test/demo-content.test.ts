import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, makeImage, type ImageKind } from '../demo-images.js';
import { makeMagazinePdf } from '../demo-pdf.js';
import {
  HISTORY_TABS,
  SCHOLARSHIP_HTML,
  SCHOOL_AIMS_HTML,
  SCHOOL_EMBLEM_HTML,
  SCHOOL_PROFILE_HTML,
  SCHOOL_SONG_HTML,
  academicianTitle,
  exchangeTitle,
  honourTitle,
  leaderCareTitle,
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

const tagsOf = (html: string) => [...html.matchAll(/<\/?([a-z0-9]+)[^>]*>/g)].map((m) => m[1]);
const plain = (html: string) => html.replace(/<[^>]+>/g, '');

function article(seed: number, topic: DemoTopic) {
  const random = seededRandom(seed);
  const title = newsTitle(random, topic);
  return {
    title,
    description: newsDescription(random, topic),
    html: newsHtml(random, topic, title),
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
  const input = { seriesName: '青禾', seriesLatin: 'Qinghe', issue: '2026 No. 1', seed: 3 };

  it('has the requested pages and is small and repeatable', async () => {
    const pdf = await makeMagazinePdf({ ...input, pages: 6 });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(6);
    expect(pdf.length).toBeLessThan(120 * 1024);
    expect(pdf.equals(await makeMagazinePdf({ ...input, pages: 6 }))).toBe(true);
  });

  it('picks 6-8 pages when none are asked for, and survives a Chinese series name', async () => {
    const pdf = await makeMagazinePdf({ ...input, seriesLatin: '青禾 Qinghe', pages: 0 });
    const count = (await PDFDocument.load(pdf)).getPageCount();
    expect(count).toBeGreaterThanOrEqual(6);
    expect(count).toBeLessThanOrEqual(8);
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
    expect(magazineTitle(1, 29)).toBe('青禾 2026年第1期');
    expect(magazineTitle(3, 2)).toBe('青溪 2019年第2期');
  });
});
