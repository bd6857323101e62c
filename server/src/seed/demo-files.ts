import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Services } from '../app.js';
import { makeImage, type ImageKind } from './demo-images.js';
import { makeDocumentPdf } from './demo-pdf.js';

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
  /** The one stored sample video that every video of the demo plays. */
  sampleVideo: number;
}

/** Makes and stores the demo's pictures, attachments and sample video, always in the same order. */
export async function makeDemoFiles(
  services: Services,
  dataDir: string,
  now: Date,
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
  return { pools, attachments, internalPicture, sampleVideo: sample.id };
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
    banner: await make('banner', 5, 300),
    portrait: await make('portrait', 16, 400),
    logo: await make('logo', 12, 500),
    poster: await make('poster', 12, 600),
  };
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
    },
  };
}
