import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-kit/app.js';
import { makeDemoFiles, storedVideos, type DemoFiles } from '../demo-files.js';
import {
  IMAGE_SIZES,
  MAGAZINE_COVER_SIZE,
  magazineScene,
  makeMagazineCover,
  makeSceneImage,
  type ImageKind,
} from '../demo-images.js';
import type { SceneKind, SceneSpec } from '../demo-scene.js';
import { FFMPEG, makeSlideshow, type SlideshowInput } from '../demo-video.js';

const SCENES: SceneKind[] = [
  'classroom',
  'laboratory',
  'sports',
  'library',
  'ceremony',
  'people',
  'campus',
  'art',
  'meeting',
  'history',
];
const day = (scene: SceneKind, variant = 0) =>
  makeSceneImage('photo', { scene, season: 'summer', timeOfDay: 'day' }, variant);
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Mean luminance (0-255) of a picture, and the share of near-white pixels in its lower
 * half (where the ground is: snow in winter).
 */
async function light(data: Buffer) {
  const { data: pixels, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  let white = 0;
  const half = (pixels.length / info.channels / 2) * info.channels;
  for (let i = 0; i < pixels.length; i += info.channels) {
    const [r, g, b] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
    sum += 0.2126 * r + 0.7152 * g + 0.0722 * b;
    if (i >= half && r > 225 && g > 225 && b > 225) white++;
  }
  const count = pixels.length / info.channels;
  return { luminance: sum / count, white: white / (count / 2) };
}

describe('demo scene pictures', () => {
  it('draws a different picture for every scene, and the same bytes for the same arguments', async () => {
    const hashes = new Set<string>();
    for (const scene of SCENES) hashes.add(sha((await day(scene)).data));
    expect(hashes.size).toBe(SCENES.length);
    const spec: SceneSpec = { scene: 'sports', season: 'autumn', timeOfDay: 'evening' };
    const [a, b] = await Promise.all([
      makeSceneImage('cover', spec, 3),
      makeSceneImage('cover', spec, 3),
    ]);
    expect(a.data.equals(b.data)).toBe(true);
  });

  it('varies the view by variant, so a gallery of one scene is not one picture repeated', async () => {
    for (const scene of ['classroom', 'ceremony', 'people'] as const) {
      const views = await Promise.all([0, 1, 2, 3].map((v) => day(scene, v)));
      expect(new Set(views.map((view) => sha(view.data))).size, scene).toBe(4);
    }
  });

  it('shows the hour: night is darker than day, outdoors and in a room with its lamps lit', async () => {
    for (const scene of ['campus', 'sports', 'classroom', 'library'] as const) {
      for (const variant of [0, 1]) {
        const at = (timeOfDay: SceneSpec['timeOfDay']) =>
          makeSceneImage('photo', { scene, season: 'spring', timeOfDay }, variant).then((i) =>
            light(i.data),
          );
        const [noon, night] = await Promise.all([at('day'), at('night')]);
        expect(night.luminance, scene).toBeLessThan(noon.luminance - 25);
      }
    }
  });

  it('shows the season: winter outdoors is white with snow, summer is not', async () => {
    // Banners are always outdoors: a ceremony on the square, not in the hall.
    const views = [
      ...[0, 1, 2, 3].map((variant) => ['photo', 'campus', variant] as const),
      ...[0, 1].map((variant) => ['banner', 'ceremony', variant] as const),
    ];
    for (const [kind, scene, variant] of views) {
      const at = (season: SceneSpec['season']) =>
        makeSceneImage(kind, { scene, season, timeOfDay: 'day' }, variant).then((i) =>
          light(i.data),
        );
      const [summer, winter] = await Promise.all([at('summer'), at('winter')]);
      expect(winter.white, `${scene} ${variant}`).toBeGreaterThan(summer.white + 0.1);
    }
  });

  it('tells a class photo with people from an empty campus, and makes history an old sepia print', async () => {
    const [people, campus, history] = await Promise.all([
      day('people'),
      day('campus'),
      day('history'),
    ]);
    expect(sha(people.data)).not.toBe(sha(campus.data));
    // Skin among the uniforms: a crowd of faces covers far more of the picture.
    const skin = async (data: Buffer) => {
      const { data: px, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
      let count = 0;
      for (let i = 0; i < px.length; i += info.channels) {
        const [r, g, b] = [px[i]!, px[i + 1]!, px[i + 2]!];
        if (r > 190 && r - b > 40 && g > 130 && r > g && g > b) count++;
      }
      return count / (px.length / info.channels);
    };
    expect(await skin(people.data)).toBeGreaterThan((await skin(campus.data)) * 3);
    const { channels } = await sharp(history.data).stats();
    const [r, g, b] = channels.map((channel) => channel.mean);
    expect(r).toBeGreaterThan(g!);
    expect(g).toBeGreaterThan(b!);
  });

  it('keeps every kind its size and format: portraits and emblems stay what they are', async () => {
    const spec: SceneSpec = { scene: 'ceremony', season: 'autumn', timeOfDay: 'morning' };
    for (const kind of Object.keys(IMAGE_SIZES) as ImageKind[]) {
      const image = await makeSceneImage(kind, spec, 1);
      const meta = await sharp(image.data).metadata();
      expect({ width: meta.width, height: meta.height }, kind).toEqual(IMAGE_SIZES[kind]);
      expect(meta.format).toBe(kind === 'logo' ? 'png' : 'jpeg');
    }
  });

  it('puts the season of its issue on a magazine cover', async () => {
    expect(magazineScene('2026年冬季号　总第32期', 5).season).toBe('winter');
    expect(magazineScene('2026年春季号　总第29期', 5).season).toBe('spring');
    const cover = (season: string) =>
      makeMagazineCover({ series: '禾苗', kind: '学生文集', issue: `2026年${season}`, seed: 201 });
    const [summer, winter] = await Promise.all([cover('夏季号'), cover('冬季号')]);
    const meta = await sharp(winter.data).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual(MAGAZINE_COVER_SIZE);
    expect(winter.data.equals(summer.data)).toBe(false);
  });
});

const probe = (file: string) =>
  new Promise<{ duration: number; codec: string; pixFmt: string }>((resolve, reject) =>
    execFile(
      '/usr/bin/ffprobe',
      [
        '-v',
        'error',
        '-show_entries',
        'format=duration:stream=codec_name,pix_fmt',
        '-of',
        'json',
        file,
      ],
      (err, out) => {
        if (err) return reject(err);
        const json = JSON.parse(out) as {
          format: { duration: string };
          streams: Array<{ codec_name: string; pix_fmt: string }>;
        };
        resolve({
          duration: Number(json.format.duration),
          codec: json.streams[0]!.codec_name,
          pixFmt: json.streams[0]!.pix_fmt,
        });
      },
    ),
  );

const SLIDESHOW: SlideshowInput = {
  title: '第七十五届春季田径运动会隆重开幕',
  seed: 11,
  scenes: [
    { scene: 'ceremony', season: 'spring', timeOfDay: 'morning' },
    { scene: 'sports', season: 'spring', timeOfDay: 'day' },
  ],
  captions: ['开幕式', '男子400米决赛'],
};

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('demo slideshow videos', () => {
  it('needs Debian ffmpeg on this machine (npm test installs it)', () => {
    expect(fs.existsSync(FFMPEG)).toBe(true);
  });

  it('makes an H.264 MP4 browsers play: a title card and each scene, the same bytes for the same input', async () => {
    const [video, again] = [await makeSlideshow(SLIDESHOW), await makeSlideshow(SLIDESHOW)];
    expect(video!.subarray(4, 8).toString()).toBe('ftyp');
    // faststart: the index comes before the pictures, so playing starts while downloading.
    expect(video!.indexOf('moov')).toBeLessThan(video!.indexOf('mdat'));
    expect(video!.equals(again!)).toBe(true);
    const file = `${fs.mkdtempSync('/tmp/demo-video-test-')}/v.mp4`;
    fs.writeFileSync(file, video!);
    const facts = await probe(file);
    expect(facts).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p' });
    // Longer than the title card alone: two seconds for it and for each scene.
    expect(facts.duration).toBeGreaterThanOrEqual(5.9);
    expect(facts.duration).toBeLessThanOrEqual(6.5);
    fs.rmSync(file, { force: true });
    const other = await makeSlideshow({ ...SLIDESHOW, title: '高三年级成人礼' });
    expect(other!.equals(video!)).toBe(false);
  });

  it('answers nothing without ffmpeg, so the caller plays the sample clip', async () => {
    expect(await makeSlideshow(SLIDESHOW, '/nonexistent/ffmpeg')).toBeNull();
  });
});

describe('demo files stored', () => {
  let t: TestApp;
  let files: DemoFiles;
  const now = new Date(Date.UTC(2026, 10, 28, 9));
  beforeAll(async () => {
    t = await createTestApp();
    files = await makeDemoFiles(t.services, t.config.dataDir, now);
  }, 120_000);
  afterAll(() => t?.close());

  const stored = async (id: number) => {
    const file = (await t.services.files.find(id))!;
    return { ...file, data: await readAll(t.services.files.storage.read(file.storageKey)) };
  };

  it('stores a picture once per kind, scene and variant, as the picture of that scene', async () => {
    const spec: SceneSpec = { scene: 'library', season: 'winter', timeOfDay: 'evening' };
    const first = await files.picture('cover', spec, 2);
    expect(await files.picture('cover', { ...spec, caption: '读书节' }, 2)).toBe(first);
    const others = [
      await files.picture('cover', spec, 1),
      await files.picture('photo', spec, 2),
      await files.picture('cover', { ...spec, season: 'spring' }, 2),
    ];
    expect(new Set([first, ...others]).size).toBe(4);
    const file = await stored(first);
    expect(file.mimeType).toBe('image/jpeg');
    // The upload re-encodes it: the same picture, not the same bytes.
    const means = async (data: Buffer) =>
      (await sharp(data).stats()).channels.slice(0, 3).map((channel) => channel.mean);
    const [got, drawn] = [
      await means(file.data),
      await means((await makeSceneImage('cover', spec, 2)).data),
    ];
    for (const [i, mean] of got.entries()) expect(Math.abs(mean - drawn[i]!)).toBeLessThan(2);
    expect((await sharp(file.data).metadata()).width).toBe(IMAGE_SIZES.cover.width);
  });

  it('stores a slideshow per video, and the sample clip when ffmpeg is missing', async () => {
    const id = await files.video(SLIDESHOW);
    expect(id).not.toBe(files.sampleVideo);
    expect(await files.video(SLIDESHOW)).toBe(id);
    const file = await stored(id);
    expect(file.mimeType).toBe('video/mp4');
    expect(file.data.equals((await makeSlideshow(SLIDESHOW))!)).toBe(true);
    const other = await files.video({ ...SLIDESHOW, title: '高三年级成人礼' });
    expect(other).not.toBe(id);

    // makeDemoFiles(..., { ffmpeg }) makes its videos this way.
    const noFfmpeg = storedVideos(t.services, files.sampleVideo, '/nonexistent/ffmpeg');
    expect(await noFfmpeg(SLIDESHOW)).toBe(files.sampleVideo);
    expect((await stored(files.sampleVideo)).data.subarray(4, 8).toString()).toBe('ftyp');
  });

  it('draws the school calendar as the months of the school year, each day under its weekday', async () => {
    const calendar = files.attachments.public[0]!;
    expect(calendar.fileName).toBe('2026-2027学年校历.pdf');
    const pdf = (await stored(calendar.fileId!)).data;
    const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    const items = (await (await doc.getPage(1)).getTextContent()).items
      .filter((item) => 'str' in item && item.str.trim())
      .map((item) => {
        const { str, transform } = item as { str: string; transform: number[] };
        return { str, x: transform[4]!, y: transform[5]! };
      });
    await doc.destroy();
    const text = items.map((item) => item.str).join('');
    for (const month of ['2026年8月', '2026年9月', '2026年12月', '2027年1月', '2027年7月']) {
      expect(text).toContain(month);
    }
    // 1 September 2026 is a Tuesday, 1 January 2027 a Friday, 1 May 2027 a Saturday.
    for (const [month, weekday] of [
      ['2026年9月', '二'],
      ['2027年1月', '五'],
      ['2027年5月', '六'],
    ] as const) {
      const head = items.find((item) => item.str === month)!;
      const inBlock = (item: { x: number }) => Math.abs(item.x - head.x) < 90;
      const column = items.find(
        (item) =>
          item.str === weekday && inBlock(item) && head.y - item.y > 10 && head.y - item.y < 25,
      )!;
      const first = items.find(
        (item) => item.str === '1' && inBlock(item) && head.y - item.y > 25 && head.y - item.y < 40,
      )!;
      expect(Math.abs(first.x - column.x), month).toBeLessThan(5);
    }
  });
});
