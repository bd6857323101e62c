import fs from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Services } from '../app.js';
import type { Database } from '../db/schema.js';
import { makeImage } from './demo-images.js';
import { makeDocx, makePptx, makeXlsx } from './demo-office.js';
import {
  FOLDER_KINDS,
  GRADES,
  SUBJECTS,
  TOPICS,
  facetNamesOf,
  lessonDeck,
  lessonDocument,
  lessonPlan,
  lessonText,
  resourceTitle,
  type FileKind,
} from './demo-drive-content.js';
import { makeDocumentPdf } from './demo-pdf.js';
import { seededRandom } from './random.js';

const SAMPLE_VIDEO = fileURLToPath(new URL('../../assets/demo/sample.mp4', import.meta.url));

/** Files of the kinds that are not about one lesson: each in a few versions, the same bytes kept once. */
const SHARED_POOL: Array<[FileKind, number]> = [
  ['jpg', 8],
  ['wav', 3],
  ['mp4', 1],
  ['xlsx', 3],
];
/** What a folder of each kind holds (教案, 课件, 试题 by resourcesType). */
const KINDS_OF_FOLDER: Record<string, FileKind[]> = {
  '1': ['docx', 'pdf', 'pdf', 'txt'],
  '2': ['pptx', 'pdf', 'jpg', 'wav', 'mp4'],
  '3': ['docx', 'xlsx', 'pdf', 'pdf'],
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
  const { driveFolders, driveResources, driveEngagement, driveShares, uploads } = services;
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
  const leaves: Array<{ fid: number; resourcesType: string; subject: string; grade: string }> = [];
  for (const subject of SUBJECTS) {
    const column = await driveFolders.create(admin, { ownerId: null }, { name: subject });
    for (const grade of GRADES) {
      const year = await driveFolders.create(
        admin,
        { ownerId: null },
        { parentId: column.fid, name: grade },
      );
      for (const [kind, resourcesType] of FOLDER_KINDS) {
        const leaf = await driveFolders.create(
          admin,
          { ownerId: null },
          { parentId: year.fid, name: kind, description: `${subject}${grade}${kind}` },
        );
        leaves.push({ fid: leaf.fid, resourcesType, subject, grade });
      }
    }
  }

  // The bytes, uploaded once each through the drive's upload (checked by content, as a
  // teacher's would be).
  type Stored = { fileId: number; kind: FileKind };
  const store = async (kind: FileKind, name: string, bytes: Buffer): Promise<Stored> => {
    const stored = await uploads.driveFile(
      { fileName: `${name}.${kind}`, createdBy: admin.id, maxBytes: bytes.length },
      Readable.from([bytes]),
    );
    return { fileId: stored.fileId, kind };
  };
  const shared: Stored[] = [];
  for (const [kind, count] of SHARED_POOL) {
    for (let i = 0; i < count; i += 1) {
      shared.push(await store(kind, `资料${i + 1}`, await demoBytes(kind, i)));
    }
  }
  // A PDF, a Word or PowerPoint file (and for 教案 a text) of each folder's own lesson, its title on the first line: a
  // file about one lesson lives under that lesson's title only.
  const own = new Map<number, Array<Stored & { topic: string }>>();
  for (const [index, leaf] of leaves.entries()) {
    const topics = TOPICS[leaf.resourcesType]!;
    const topic = topics[index % topics.length]!;
    const { subject, grade, resourcesType } = leaf;
    const files = [
      {
        ...(await store(
          'pdf',
          resourceTitle(subject, grade, topic, resourcesType, 'pdf'),
          await makeDocumentPdf(lessonDocument(subject, grade, topic, resourcesType)),
        )),
        topic,
      },
    ];
    if (resourcesType === '1') {
      const text = Buffer.from(lessonText(subject, grade, topic), 'utf8');
      const name = resourceTitle(subject, grade, topic, resourcesType, 'txt');
      files.push({ ...(await store('txt', name, text)), topic });
    }
    // The Word lesson plan or test, or the PowerPoint deck, of the same lesson.
    const office =
      resourcesType === '2'
        ? { kind: 'pptx' as const, bytes: await makePptx(lessonDeck(subject, grade, topic)) }
        : {
            kind: 'docx' as const,
            bytes: await makeDocx(lessonPlan(subject, grade, topic, resourcesType)),
          };
    const officeName = resourceTitle(subject, grade, topic, resourcesType, office.kind);
    files.push({ ...(await store(office.kind, officeName, office.bytes)), topic });
    own.set(leaf.fid, files);
  }

  // Each resource: a kind that fits its folder, then the folder's own file of that kind or a
  // shared one under a topic of the folder kind. Same titles are numbered （1）, （2）, ...
  const numbers = new Map<string, number>();
  const plan = Array.from({ length: resourceCount }, (_, i) => {
    const leaf = leaves[i % leaves.length]!;
    const uploader = teachers[random.int(0, teachers.length - 1)]!;
    const kind = random.pick(KINDS_OF_FOLDER[leaf.resourcesType]!);
    const mine = own.get(leaf.fid)!.find((file) => file.kind === kind);
    const file = mine ?? random.pick(shared.filter((f) => f.kind === kind));
    const topic = mine?.topic ?? random.pick(TOPICS[leaf.resourcesType]!);
    const base = resourceTitle(leaf.subject, leaf.grade, topic, leaf.resourcesType, kind);
    const number = (numbers.get(base) ?? 0) + 1;
    numbers.set(base, number);
    return { i, leaf, uploader, file, title: `${base}（${number}）`, topic: base };
  });
  const pool = [...shared, ...[...own.values()].flat()];
  // Each teacher "uploaded" the bytes they put in the library or on their disk (the drive
  // keeps the same bytes once): the drive lets a teacher use only their own uploads.
  const uses = new Set<string>();
  for (const row of plan) uses.add(`${row.uploader.id}:${row.file.fileId}`);
  for (const [i, teacher] of teachers.entries()) {
    for (let k = 0; k < 3; k += 1) uses.add(`${teacher.id}:${pool[(i + k) % pool.length]!.fileId}`);
  }
  const useRows = [...uses].map((pair) => {
    const [objId, fileId] = pair.split(':').map(Number);
    return { fileId: fileId!, infoTable: 'T_DRIVE_UPLOAD', objId: objId! };
  });
  // In slices: SQLite takes a limited number of bound values in one statement.
  for (let start = 0; start < useRows.length; start += 2000) {
    await db
      .insertInto('fileUse')
      .values(useRows.slice(start, start + 2000))
      .execute();
  }

  // The library's teaching facets, by the dictionary's names: what each title says.
  const facetIds = new Map(
    (await db.selectFrom('driveFacet').select(['id', 'kind', 'name']).execute()).map((row) => [
      `${row.kind}:${row.name}`,
      row.id,
    ]),
  );
  const facetsOf = (subject: string, grade: string) => {
    const names = facetNamesOf(subject, grade);
    return {
      stageId: facetIds.get(`stage:${names.stage}`),
      gradeId: facetIds.get(`grade:${names.grade}`),
      subjectId: facetIds.get(`subject:${names.subject}`),
      editionId: facetIds.get(`edition:${names.edition}`),
      chapter: names.chapter,
    };
  };
  for (const { i, leaf, uploader, file, title, topic } of plan) {
    await driveResources.add(
      uploader,
      { fId: leaf.fid },
      [{ path: `/api/files/${file.fileId}`, fileName: `${title}.${file.kind}` }],
      {
        resourcesType: leaf.resourcesType,
        isOpen: i % 20 === 7 ? '1' : random.pick(['0', '2', '2']),
        isComment: i % 3 === 0 ? '1' : '0',
        description: `${topic}，供${leaf.subject}${leaf.grade}教学参考。`,
        facets: facetsOf(leaf.subject, leaf.grade),
      },
    );
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
      if (k === 3) await driveShares.create(who, resource.id, {});
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
 * Real bytes of the shared kinds: a photo, a second of tone, the sample
 * video, an Excel 成绩表 (PDFs, texts, Word and PowerPoint files are each
 * folder's own, above).
 */
async function demoBytes(kind: FileKind, i: number): Promise<Buffer> {
  if (kind === 'xlsx') return makeXlsx(i);
  if (kind === 'jpg') return (await makeImage('photo', 700 + i)).data;
  if (kind === 'wav') return toneWav(330 + 110 * i, 1);
  if (kind === 'mp4') return fs.promises.readFile(SAMPLE_VIDEO);
  throw new Error(`no shared demo file of kind ${kind}`);
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
