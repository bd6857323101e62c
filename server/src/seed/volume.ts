import type { Kysely } from 'kysely';
import type { Services } from '../app.js';
import type { Database } from '../db/schema.js';
import { AUTH_STAFF_COLUMNS, type AuthStaff } from '../platform/auth/session.js';
import { placeInReview } from '../platform/publishing/review-place.js';
import { COLUMN_KINDS, demoEvent } from './demo-events.js';
import { makeSceneImage } from './demo-images.js';
import type { SceneSpec } from './demo-scene.js';
import { sourceName } from './demo-text.js';
import { Readable } from 'node:stream';
import { htmlToText } from '../platform/search/terms.js';
import { chineseSentence } from './demo-pdf-text.js';
import { GRADES, SUBJECTS, lessonOf } from './demo-drive-content.js';
import { seededRandom, type Random } from './random.js';

const VOLUME_IP = '10.10.0.9';

/** The columns the volume fills, in turn. */
const COLUMNS = [2, 3, 6, 7, 8, 15, 16, 17, 21];

/**
 * A school's worth of years: `count` more news items spread over the columns
 * and the last ten years, made through the one save of news and the review's
 * steps as real content is (seed/demo-context.ts demoNews). Each
 * is one event's report, dated in the months that event belongs to; its cover
 * is one of a few pictures of the event's scene and season. For benchmarks
 * (`npm run bench`), not for the demo.
 */
export async function addVolume(
  db: Kysely<Database>,
  services: Services,
  count: number,
  now = new Date(),
): Promise<void> {
  const random = seededRandom(7);
  const staff: AuthStaff[] = (
    await db.selectFrom('staff').select(AUTH_STAFF_COLUMNS).orderBy('id').execute()
  ).map((row) => ({ ...row, sessionId: 0 }));
  const authors = staff.slice(0, 20);
  // Teachers' items are approved by the school's first content administrator.
  const reviewer = staff.find((person) => person.isPower === 1)!;
  const covers = new Map<string, Promise<number>>();
  const cover = (spec: SceneSpec, variant: number) => {
    const key = `${spec.scene}|${spec.season}|${variant}`;
    let id = covers.get(key);
    if (!id) {
      id = makeSceneImage('cover', spec, variant).then(
        async (image) => (await services.uploads.image(image.fileName, null, image.data)).fileId,
      );
      covers.set(key, id);
    }
    return id;
  };
  for (let i = 0; i < count; i++) {
    const typeId = COLUMNS[i % COLUMNS.length]!;
    const target = new Date(now.getTime() - random.int(0, 3650) * 86_400_000);
    const event = demoEvent(random, random.pick(COLUMN_KINDS[typeId]!), target);
    const input = {
      typeId,
      title: event.title,
      description: event.description,
      content: event.html,
      source: sourceName(random),
      coverFileId: await cover(event.scene, i % 3),
      schChange: typeId === 2 || typeId === 21 ? random.pick([null, 1, 2]) : null,
      enableType: i % 10 === 9 ? 2 : 1,
      shelvesDate: event.date,
    };
    const author = random.pick(authors);
    const newId = await services.cmsNews.save(input, author, VOLUME_IP, { onBehalf: true });
    await placeInReview(services.news.review, newId, {}, { author, reviewer, ip: VOLUME_IP });
  }
}

const MAIL_TITLES = [
  '教研活动安排',
  '监考安排调整',
  '家长会材料',
  '课题申报通知',
  '作业检查反馈',
  '听课记录',
  '运动会分工',
  '安全检查通知',
];

/**
 * `count` more mails between the school's staff through the mail service,
 * one to three recipients each; the teacher gets one in eight, most of them
 * read. For benchmarks, not for the demo.
 */
export async function addMailVolume(
  db: Kysely<Database>,
  services: Services,
  count: number,
): Promise<void> {
  const random = seededRandom(11);
  const staff = await db
    .selectFrom('staff')
    .select(['id', 'code'])
    .where('status', '=', 1)
    .execute();
  const teacher = staff.find((row) => row.code === 'teacher')!.id;
  const others = staff.filter((row) => row.id !== teacher).map((row) => row.id);
  const teacherEntries: number[] = [];
  for (let i = 0; i < count; i++) {
    const from = random.pick(others);
    const recipients = new Set<number>();
    if (i % 8 === 0) recipients.add(teacher);
    for (let k = random.int(1, 3); recipients.size < k;) {
      const to = random.pick(others);
      if (to !== from) recipients.add(to);
    }
    const title = `${random.pick(MAIL_TITLES)}（${i + 1}）`;
    const { inmailId } = await services.mail.send(
      {
        recipients: [...recipients],
        title,
        content: `<p>各位老师：</p><p>${title}，详见正文。第${i + 1}封。</p>`,
      },
      { id: from },
    );
    if (recipients.has(teacher)) teacherEntries.push(inmailId);
  }
  // All but the newest 300 of the teacher's are read, as the pages read them.
  const read = teacherEntries.slice(0, Math.max(0, teacherEntries.length - 300));
  for (let start = 0; start < read.length; start += 500) {
    const entries = await db
      .selectFrom('mailInbox')
      .select('id')
      .where('staffId', '=', teacher)
      .where('mailId', 'in', read.slice(start, start + 500))
      .execute();
    for (const entry of entries) await services.mail.markRead(entry.id, { id: teacher });
  }
}

/**
 * `count` more drive resources in the demo library's folders, registered
 * through the drive's service ten at a time (its batch dialog), by the demo
 * teachers over the demo's pooled bytes. For benchmarks, not for the demo.
 */
export async function addDriveVolume(
  db: Kysely<Database>,
  services: Services,
  count: number,
): Promise<void> {
  if (count <= 0) return;
  const random = seededRandom(13);
  const leaves = await db
    .selectFrom('driveFolder')
    .select('id')
    .where('ownerId', 'is', null)
    .where('layer', '=', 2)
    .execute();
  const pool = await db
    .selectFrom('fileUse')
    .innerJoin('storedFile', 'storedFile.id', 'fileUse.fileId')
    .select(['fileUse.fileId', 'fileUse.objId', 'storedFile.fileName'])
    .where('fileUse.infoTable', '=', 'T_DRIVE_UPLOAD')
    .execute();
  const byUploader = new Map<number, Array<{ fileId: number; extension: string }>>();
  for (const row of pool) {
    const file = { fileId: row.fileId, extension: row.fileName.split('.').pop() ?? 'pdf' };
    byUploader.set(row.objId, [...(byUploader.get(row.objId) ?? []), file]);
  }
  const uploaders = [...byUploader.keys()];
  const staff = await db
    .selectFrom('staff')
    .select(['id', 'isAdmin', 'staffType'])
    .where('id', 'in', uploaders)
    .execute();
  for (let done = 0; done < count; done += 10) {
    const who = random.pick(staff);
    const files = byUploader.get(who.id)!;
    const uploads = await Promise.all(
      Array.from({ length: Math.min(10, count - done) }, async (_, i) => {
        const n = done + i + 1;
        if (n <= DOCUMENTS) return documentUpload(services, random, who.id, n);
        const file = random.pick(files);
        return {
          path: `/api/files/${file.fileId}`,
          // Named by its bytes' kind (a Word file .docx), as its file type follows the name.
          fileName: `${random.pick(MAIL_TITLES)}资料${n}.${file.extension}`,
        };
      }),
    );
    await services.driveResources.add(who, { fId: random.pick(leaves).id }, uploads, {
      resourcesType: String(random.int(1, 6)),
      isOpen: random.int(0, 19) === 7 ? '1' : '2',
      isComment: '0',
      description: '批量资料',
    });
  }
}

/**
 * The drive files of a volume that are documents of their own, for the search inside them:
 * 30,000 教学设计 of about 2,300 characters each, 200 MB of text.
 */
const DOCUMENTS = 30_000;
const DOCUMENT_CHARS = 2_300;

/**
 * A teacher's 教学设计 as a text file of its own: its bytes stored, and its text kept as the
 * extraction would have read it (the same store and index; reading 30,000 files through the
 * sealed reader would take the bench an hour). Answers the upload to register.
 */
async function documentUpload(services: Services, random: Random, uploaderId: number, n: number) {
  const subject = random.pick(SUBJECTS);
  const grade = random.pick(GRADES);
  const { lesson, focus, question } = lessonOf(subject, grade);
  const title = `${subject}${grade}《${lesson}》教学设计（${n}）`;
  const lines = [title, `课题：${lesson}。教学重点：${focus}。`, `课堂提问：${question}`];
  // The rest: reports of the school's events (as its news are made), each of its own facts,
  // names, places and dates, with a teacher's reflection between them.
  let length = lines.join('\n').length;
  while (length < DOCUMENT_CHARS) {
    const kinds = COLUMN_KINDS[random.pick(COLUMNS)]!;
    const day = new Date(Date.UTC(2026, 0, 1) - random.int(0, 3650) * 86_400_000);
    const report = htmlToText(demoEvent(random, random.pick(kinds), day).html);
    const line = `${report}${chineseSentence(random)}`;
    lines.push(line);
    length += line.length + 1;
  }
  const text = lines.join('\n').slice(0, DOCUMENT_CHARS + 400);
  const fileName = `${title}.txt`;
  const stored = await services.files.save(
    { fileName, mimeType: 'text/plain', createdBy: uploaderId },
    Readable.from([Buffer.from(text)]),
  );
  await services.fileTexts.keep(stored.id, [{ label: '', text }], null);
  return { path: `/api/files/${stored.id}`, fileName };
}
