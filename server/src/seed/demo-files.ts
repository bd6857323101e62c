import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Services } from '../app.js';
import { makeImage, makeSceneImage, type ImageKind } from './demo-images.js';
import { makeDocumentPdf } from './demo-pdf.js';
import type { MarkKind } from './demo-pdf-calendar.js';
import type { SceneSpec } from './demo-scene.js';
import { FFMPEG, makeSlideshow, type SlideshowInput } from './demo-video.js';

const SAMPLE_VIDEO = fileURLToPath(new URL('../../assets/demo/sample.mp4', import.meta.url));

/** Pictures made once and shared by the demo items, by kind. */
export interface Pools {
  cover: number[];
  photo: number[];
  banner: number[];
  portrait: number[];
  logo: number[];
  poster: number[];
}

export type Attachments = Awaited<ReturnType<typeof attachmentFiles>>;

/** The stored files the demo items point at. */
export interface DemoFiles {
  pools: Pools;
  attachments: Attachments;
  /** A picture only staff-only items show, so it is read by staff only. */
  internalPicture: number;
  /** The stored sample clip: what a video plays when no slideshow can be made. */
  sampleVideo: number;
  /**
   * A stored picture of `kind` showing `spec` (its caption is not drawn), the `variant`th
   * view of it. The same arguments give the same file, made once.
   */
  picture(kind: ImageKind, spec: SceneSpec, variant?: number): Promise<number>;
  /**
   * A stored slideshow video: a title card, then each scene with its caption, two
   * seconds each. Without ffmpeg (or when it fails) the sample clip.
   */
  video(input: SlideshowInput): Promise<number>;
}

export interface DemoFileOptions {
  /** The ffmpeg the slideshows are made with; a missing one means the sample clip. */
  ffmpeg?: string;
}

/** Makes and stores the demo's pictures, attachments and sample video, always in the same order. */
export async function makeDemoFiles(
  services: Services,
  dataDir: string,
  now: Date,
  options: DemoFileOptions = {},
): Promise<DemoFiles> {
  const pools = await imagePools(services);
  const attachments = await attachmentFiles(services, dataDir, now);
  // A picture only staff-only items show, so it is read by staff only.
  const internal = await makeImage('photo', 260);
  const internalPicture = (await services.uploads.image('校内资料照片.jpg', null, internal.data))
    .fileId;
  const sample = await services.files.save(
    { fileName: 'sample.mp4', mimeType: 'video/mp4' },
    fs.createReadStream(SAMPLE_VIDEO),
  );
  return {
    pools,
    attachments,
    internalPicture,
    sampleVideo: sample.id,
    picture: storedPictures(services),
    video: storedVideos(services, sample.id, options.ffmpeg ?? FFMPEG),
  };
}

function storedPictures(services: Services): DemoFiles['picture'] {
  const made = new Map<string, Promise<number>>();
  return (kind, spec, variant = 0) => {
    const key = `${kind}|${spec.scene}|${spec.season}|${spec.timeOfDay}|${variant}`;
    let id = made.get(key);
    if (!id) {
      id = makeSceneImage(kind, spec, variant).then(
        async (image) => (await services.uploads.image(image.fileName, null, image.data)).fileId,
      );
      made.set(key, id);
    }
    return id;
  };
}

/** Slideshows stored once per input; the `sample` clip's id when ffmpeg cannot make one. */
export function storedVideos(
  services: Services,
  sample: number,
  ffmpeg: string,
): DemoFiles['video'] {
  const made = new Map<string, Promise<number>>();
  let warned = false;
  const make = async (input: SlideshowInput) => {
    let data: Buffer | null = null;
    try {
      data = await makeSlideshow(input, ffmpeg);
    } catch (err) {
      if (!warned) console.warn(`Demo videos play the sample clip: ${(err as Error).message}`);
      warned = true;
    }
    if (!data) return sample;
    const file = { fileName: `slideshow-${input.seed}.mp4`, mimeType: 'video/mp4' };
    return (await services.files.save(file, data)).id;
  };
  return (input) => {
    const key = JSON.stringify([input.title, input.scenes, input.captions, input.seed]);
    let id = made.get(key);
    if (!id) made.set(key, (id = make(input)));
    return id;
  };
}

async function imagePools(services: Services): Promise<Pools> {
  const make = async (kind: ImageKind, count: number, offset: number) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const image = await makeImage(kind, offset + i);
      ids.push((await services.uploads.image(image.fileName, null, image.data)).fileId);
    }
    return ids;
  };
  return {
    cover: await make('cover', 24, 100),
    photo: await make('photo', 24, 200),
    banner: await banners(services),
    portrait: await make('portrait', 16, 400),
    logo: await make('logo', 12, 500),
    poster: await make('poster', 12, 600),
  };
}

/** The carousel: wide views of the campus and its ceremonies, one for each season. */
const BANNERS: SceneSpec[] = [
  { scene: 'campus', season: 'spring', timeOfDay: 'morning' },
  { scene: 'campus', season: 'autumn', timeOfDay: 'day' },
  { scene: 'ceremony', season: 'autumn', timeOfDay: 'morning' },
  { scene: 'sports', season: 'summer', timeOfDay: 'day' },
  { scene: 'campus', season: 'winter', timeOfDay: 'day' },
];

async function banners(services: Services): Promise<number[]> {
  const ids: number[] = [];
  for (const spec of BANNERS) {
    const image = await makeSceneImage('banner', spec);
    ids.push((await services.uploads.image(image.fileName, null, image.data)).fileId);
  }
  return ids;
}

/** Attachments: public ones, one of the old site by path, and ones of staff-only items. */
async function attachmentFiles(services: Services, dataDir: string, now: Date) {
  const calendar = schoolCalendar(now);
  const pdf = await services.files.save(
    { fileName: `${calendar.name}.pdf`, mimeType: 'application/pdf' },
    await makeDocumentPdf(calendar.document),
  );
  const timetable = await services.files.save(
    { fileName: '作息时间表.csv', mimeType: 'text/csv' },
    Buffer.from(
      '\uFEFF节次,开始,结束\n早读,07:30,07:50\n第一节,08:00,08:40\n第二节,08:50,09:30\n',
      'utf8',
    ),
  );
  const staffList = await services.files.save(
    { fileName: '教职工值班安排.csv', mimeType: 'text/csv' },
    Buffer.from('\uFEFF日期,值班领导,值班教师\n周一,王校长,林老师\n', 'utf8'),
  );
  // A file of the old site, opened by its path (oldfile 1).
  const legacyDir = path.join(dataDir, 'upload', 'legacy', '2019');
  fs.mkdirSync(legacyDir, { recursive: true });
  fs.writeFileSync(path.join(legacyDir, 'open-day.txt'), '校园开放日安排（旧网站存档）\n', 'utf8');
  return {
    public: [
      { role: 'attachment' as const, fileId: pdf.id, fileName: pdf.fileName },
      { role: 'attachment' as const, fileId: timetable.id, fileName: timetable.fileName },
    ],
    legacy: {
      role: 'attachment' as const,
      legacyPath: '\\upload\\legacy\\2019\\open-day.txt',
      fileName: '校园开放日安排（旧网站存档）.txt',
    },
    staff: [{ role: 'attachment' as const, fileId: staffList.id, fileName: staffList.fileName }],
  };
}

/** The school year under way at `now` (it starts in September; August belongs to the new one). */
export function schoolYear(now: Date): number {
  return now.getUTCMonth() >= 7 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
}

/** `days` days from year-month-day on (months count from 1). */
function mark(kind: MarkKind, year: number, month: number, day: number, days: number) {
  const from = new Date(Date.UTC(year, month - 1, day));
  return { kind, from, to: new Date(Date.UTC(year, month - 1, day + days - 1)) };
}

/** The calendar of the school year under way: its name and the PDF's content. */
function schoolCalendar(now: Date) {
  const y = schoolYear(now);
  const name = `${y}-${y + 1}学年校历`;
  return {
    name,
    document: {
      title: `青禾实验中学${y}—${y + 1}学年校历`,
      byline: '青禾实验中学教务处',
      sections: [
        {
          heading: '第一学期',
          lines: [
            `${y}年8月31日\u3000学生报到`,
            `${y}年9月1日\u3000开学典礼，正式上课`,
            `${y}年10月1日—7日\u3000国庆节放假`,
            `${y}年11月中旬\u3000期中考试`,
            `${y + 1}年1月1日\u3000元旦放假`,
            `${y + 1}年1月中旬\u3000期末考试，之后放寒假`,
          ],
        },
        {
          heading: '第二学期',
          lines: [
            `${y + 1}年2月中旬\u3000学生报到，正式上课`,
            `${y + 1}年4月上旬\u3000清明节放假`,
            `${y + 1}年4月下旬\u3000期中考试；5月1日—5日劳动节放假`,
            `${y + 1}年6月7日—10日\u3000高考（高三年级）`,
            `${y + 1}年7月上旬\u3000期末考试，之后放暑假`,
          ],
        },
        {
          heading: '说明',
          lines: ['具体放假安排以上级通知为准，如有调整，学校将另行通知。'],
        },
      ],
      // The days the lines above name to the day, shaded on the months.
      grid: {
        start: new Date(Date.UTC(y, 7, 1)),
        months: 12,
        marks: [
          mark('school', y, 8, 31, 1),
          mark('school', y, 9, 1, 1),
          mark('holiday', y, 10, 1, 7),
          mark('holiday', y + 1, 1, 1, 1),
          mark('holiday', y + 1, 5, 1, 5),
          mark('exam', y + 1, 6, 7, 4),
        ],
      },
    },
  };
}
