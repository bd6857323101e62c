import fs from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Services } from '../app.js';
import type { Database } from '../db/schema.js';
import { makeImage } from './demo-images.js';
import { makeDocx, makePptx, makeXlsx } from './demo-office.js';
import { seededRandom } from './random.js';

const SAMPLE_VIDEO = fileURLToPath(new URL('../../assets/demo/sample.mp4', import.meta.url));

const SUBJECTS = ['语文', '数学', '英语', '物理', '化学', '生物', '历史', '地理', '政治'];
const GRADES = ['高一', '高二', '高三'];
const KINDS: Array<[folder: string, resourcesType: string]> = [
  ['教案', '1'],
  ['课件', '2'],
  ['试题', '3'],
];
const TOPICS = [
  '第一单元',
  '第二单元',
  '期中复习',
  '期末复习',
  '专题讲座',
  '实验指导',
  '阅读材料',
  '课堂练习',
  '公开课',
  '微课',
];

type Kind = 'pdf' | 'jpg' | 'txt' | 'wav' | 'mp4' | 'docx' | 'xlsx' | 'pptx';
/** The bytes the demo library is made of: each kind in a few versions, the same bytes kept once. */
const POOL: Array<[Kind, number]> = [
  ['pdf', 12],
  ['jpg', 8],
  ['txt', 6],
  ['wav', 3],
  ['mp4', 1],
  ['docx', 4],
  ['xlsx', 3],
  ['pptx', 3],
];
/** Words a resource's title gets from its file (a workbook is a score sheet, a deck a 课件). */
const LABELS: Partial<Record<Kind, string>> = { xlsx: '成绩统计表', pptx: '课件', mp4: '微课视频' };
/** What a folder of each kind holds (教案, 课件, 试题 by resourcesType). */
const KINDS_OF_FOLDER: Record<string, Kind[]> = {
  '1': ['docx', 'pdf', 'txt'],
  '2': ['pptx', 'pdf', 'jpg', 'wav', 'mp4'],
  '3': ['docx', 'xlsx', 'pdf'],
};

/**
 * The demo teaching drive, made through the drive's services as the pages
 * make it: the administrator's column tree (subject, grade, kind), a few
 * thousand resources uploaded by many teachers (real PDFs, photos, text,
 * sound, a short video, and Word, Excel and PowerPoint files; the same bytes
 * shared by many resources, as the drive stores them once), some private, with likes, favourites, comments,
 * downloads and shares; every teacher's own disk with a folder and files.
 */
export async function seedDemoDrive(
  db: Kysely<Database>,
  services: Services,
  resourceCount = 2000,
): Promise<void> {
  const { driveFolders, driveResources, driveEngagement, uploads } = services;
  const random = seededRandom(2026);
  const staff = await db
    .selectFrom('staff')
    .select(['id', 'code', 'isAdmin', 'staffType'])
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
  const admin = staff.find((row) => row.code === 'admin')!;
  const teachers = staff.filter((row) => row.code !== 'admin');

  // The library's columns.
  const leaves: Array<{ fid: number; resourcesType: string; topic: string }> = [];
  for (const subject of SUBJECTS) {
    const column = await driveFolders.create(admin, { ownerId: null }, { name: subject });
    for (const grade of GRADES) {
      const year = await driveFolders.create(
        admin,
        { ownerId: null },
        { parentId: column.fid, name: grade },
      );
      for (const [kind, resourcesType] of KINDS) {
        const leaf = await driveFolders.create(
          admin,
          { ownerId: null },
          { parentId: year.fid, name: kind, description: `${subject}${grade}${kind}` },
        );
        leaves.push({ fid: leaf.fid, resourcesType, topic: `${subject}${grade}` });
      }
    }
  }

  // The bytes, uploaded once each through the drive's upload (checked by content, as a
  // teacher's would be).
  const pool: Array<{ fileId: number; kind: Kind; size: number }> = [];
  for (const [kind, count] of POOL) {
    for (let i = 0; i < count; i += 1) {
      const bytes = await demoBytes(kind, i);
      const stored = await uploads.driveFile(
        { fileName: `资料${i + 1}.${kind}`, createdBy: admin.id, maxBytes: bytes.length },
        Readable.from([bytes]),
      );
      pool.push({ fileId: stored.fileId, kind, size: bytes.length });
    }
  }
  const poolOf = (resourcesType: string) =>
    pool.filter((file) => KINDS_OF_FOLDER[resourcesType]!.includes(file.kind));
  // Each teacher "uploaded" the pooled bytes (the drive keeps the same bytes once).
  await db
    .insertInto('fileUse')
    .values(
      teachers.flatMap((teacher) =>
        pool.map((file) => ({
          fileId: file.fileId,
          infoTable: 'T_DRIVE_UPLOAD',
          objId: teacher.id,
        })),
      ),
    )
    .execute();

  const resources: number[] = [];
  for (let i = 0; i < resourceCount; i += 1) {
    const leaf = leaves[i % leaves.length]!;
    const uploader = teachers[random.int(0, teachers.length - 1)]!;
    const fitting = poolOf(leaf.resourcesType);
    const file = fitting[random.int(0, fitting.length - 1)]!;
    const title = `${leaf.topic}${random.pick(TOPICS)}${LABELS[file.kind] ?? ''}（${Math.floor(i / leaves.length) + 1}）`;
    const [id] = await driveResources.add(
      uploader,
      { fId: leaf.fid },
      [{ path: `/api/files/${file.fileId}`, fileName: `${title}.${file.kind}` }],
      {
        resourcesType: leaf.resourcesType,
        isOpen: i % 20 === 7 ? '1' : random.pick(['0', '2', '2']),
        isComment: i % 3 === 0 ? '1' : '0',
        description: `${title}，供${leaf.topic}教学参考。`,
      },
    );
    resources.push(id!);
  }

  // What teachers do with them (on the open ones).
  const open = await db
    .selectFrom('driveResource')
    .select(['id', 'isComment'])
    .where('ownerId', 'is', null)
    .where('isOpen', '!=', '1')
    .execute();
  for (let i = 0; i < Math.min(open.length, 400); i += 1) {
    const resource = open[random.int(0, open.length - 1)]!;
    for (let k = random.int(1, 4); k > 0; k -= 1) {
      const who = teachers[random.int(0, teachers.length - 1)]!;
      await driveEngagement.like(who, resource.id).catch(() => undefined);
      await driveEngagement.download(who, resource.id);
      if (k % 2 === 0)
        await driveEngagement.favourite(who, resource.id, true).catch(() => undefined);
      if (k === 3) await driveEngagement.share(who, resource.id);
      if (resource.isComment === '0' && k === 1) {
        await driveEngagement.comment(who, resource.id, random.pick(COMMENTS));
      }
    }
  }

  // Each teacher's own disk: a folder with two files, and one loose file.
  for (const [i, teacher] of teachers.entries()) {
    const folder = await driveFolders.create(
      teacher,
      { ownerId: teacher.id },
      { name: i % 2 ? '备课资料' : '我的教案' },
    );
    for (let k = 0; k < 3; k += 1) {
      const file = pool[(i + k) % pool.length]!;
      await driveResources.add(
        teacher,
        k === 2 ? { sType: 1 } : { fId: folder.fid },
        [{ path: `/api/files/${file.fileId}`, fileName: `个人资料${k + 1}.${file.kind}` }],
        { resourcesType: '6', isOpen: '1', description: '个人备份' },
      );
    }
  }
}

const COMMENTS = [
  '很实用，谢谢分享！',
  '内容清楚，已下载。',
  '正好需要，感谢。',
  '建议补充习题答案。',
];

/**
 * Real bytes of each kind: a one-page PDF, a photo, text, a second of tone,
 * the sample video, a Word 教案 or 试题, an Excel 成绩表, a PowerPoint 课件.
 */
async function demoBytes(kind: Kind, i: number): Promise<Buffer> {
  if (kind === 'docx') return makeDocx(i);
  if (kind === 'xlsx') return makeXlsx(i);
  if (kind === 'pptx') return makePptx(i);
  if (kind === 'jpg') return (await makeImage('photo', 700 + i)).data;
  if (kind === 'txt') {
    return Buffer.from(`教学资料 ${i + 1}\n一、教学目标\n二、教学重点\n三、教学过程\n`, 'utf8');
  }
  if (kind === 'wav') return toneWav(330 + 110 * i, 1);
  if (kind === 'mp4') return fs.promises.readFile(SAMPLE_VIDEO);
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2026, 0, 1)));
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(`Teaching material ${i + 1}`, {
    x: 56,
    y: 760,
    size: 22,
    font,
    color: rgb(0.12, 0.31, 0.47),
  });
  for (let line = 0; line < 12; line += 1) {
    page.drawText(`${line + 1}. Exercise ${i + 1}.${line + 1}: work through the example.`, {
      x: 56,
      y: 720 - line * 20,
      size: 11,
      font,
    });
  }
  return Buffer.from(await pdf.save());
}

/** A mono 16-bit PCM WAV of a sine tone. */
function toneWav(frequency: number, seconds: number): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const data = Buffer.alloc(samples * 2);
  for (let n = 0; n < samples; n += 1) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * n) / rate) * 8000), n * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
