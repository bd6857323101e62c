import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Services } from '../app.js';
import type { Database } from '../db/schema.js';
import { makeImage } from './demo-images.js';
import { makeDocumentPdf } from './demo-pdf.js';

/** Subjects of the demo mail, with what they are about. */
const SUBJECTS: Array<[string, string]> = [
  ['本周教研活动安排', '本周三下午第七节在三楼会议室集体备课，请带好教案。'],
  ['期中考试监考表', '监考安排见附件，如有冲突请在周五前与教务处联系。'],
  ['关于开展读书月活动的通知', '请各班主任组织学生报名，推荐书目见附件。'],
  ['公开课听课记录表', '请于下周一前把听课记录交到教研组长处。'],
  ['家长会材料准备', '家长会定于本月二十日，请准备好班级情况介绍。'],
  ['实验室使用登记', '下周的实验课请提前一天登记实验室与器材。'],
  ['校本课程申报', '新学期校本课程申报开始，申报表见附件。'],
  ['运动会报名汇总', '请各班体育委员汇总报名表，周四前交体育组。'],
  ['课题结题材料', '课题结题材料请按模板整理，统一提交。'],
  ['新教师培训安排', '新教师培训共四次，时间地点见附件。'],
  ['作业量调查问卷', '请协助学生在班会课上完成问卷。'],
  ['安全教育主题班会', '本周班会以防溺水为主题，课件已放在附件中。'],
];
/** Attachments by kind: the document itself as a PDF, a note on it, a photo. */
const FILES: Array<[string, 'pdf' | 'txt' | 'jpg']> = [
  ['', 'pdf'],
  ['（说明）', 'txt'],
  ['（照片）', 'jpg'],
  ['', 'pdf'],
];
const GROUPS = ['年级组', '教研组', '班主任', '课题组'];

type Person = { id: number };

/**
 * Demo mailboxes, made through the mail services as the pages make them
 * (attachments through the mail's upload, checked by their bytes): the demo
 * teacher (林晓雯) and the administrator receive mail from colleagues (read
 * and unread, some with attachments), have sent mail with read receipts,
 * frequent contacts, groups and drafts: more than three pages of each list for
 * the teacher. Every other demo teacher gets a few read and unread mails,
 * sent mail, contacts and a group.
 */
export async function seedDemoMail(db: Kysely<Database>, services: Services): Promise<void> {
  const { mail, mailContacts, mailDrafts } = services;
  const people = await db
    .selectFrom('staff')
    .select(['id', 'code'])
    .where('status', '=', 1)
    .orderBy('sort')
    .orderBy('code')
    .execute();
  const idOf = (code: string) => people.find((row) => row.code === code)!.id;
  const teacher = { id: idOf('teacher') };
  const admin = { id: idOf('admin') };
  const others = people
    .filter((row) => row.code !== 'teacher' && row.code !== 'admin')
    .map((row) => ({ id: row.id }));
  const colleagues = others.slice(0, 8);

  let fileSeed = 0;
  const attach = async (owner: Person, count: number, seed: number) => {
    const list: Array<{ fileId: number; fileName: string }> = [];
    for (let i = 0; i < count; i += 1) {
      const [kind, extension] = FILES[(seed + i) % FILES.length]!;
      const [subject, about] = SUBJECTS[(seed + i) % SUBJECTS.length]!;
      const fileName = `${subject}${kind}.${extension}`;
      const bytes = await attachmentBytes(extension, subject, about, (fileSeed += 1));
      const uploaded = await services.mailUploads.attachment(
        fileName,
        owner,
        Readable.from([bytes]),
      );
      list.push({ fileId: uploaded.fileId, fileName });
    }
    return JSON.stringify(list);
  };
  const body = (text: string) => `<p>各位老师：</p><p>${text}</p><p>谢谢！</p>`;

  // To the teacher and the administrator from colleagues: 32 mails, the older two thirds read.
  for (let i = 0; i < 32; i += 1) {
    const from = colleagues[i % colleagues.length]!;
    const [title, text] = SUBJECTS[i % SUBJECTS.length]!;
    const { inmailId } = await mail.send(
      {
        recipients: i % 3 === 0 ? [teacher.id, admin.id] : [teacher.id],
        title: i < SUBJECTS.length ? title : `${title}（${Math.floor(i / SUBJECTS.length) + 1}）`,
        content: body(text),
        fileList: i % 4 === 1 ? await attach(from, 1 + (i % 3), i) : undefined,
      },
      from,
    );
    if (i < 21) await markRead(db, services, inmailId, [teacher.id, admin.id]);
  }

  // Sent by the teacher (32) and the administrator (12), some opened by their recipients.
  for (const [sender, count] of [
    [teacher, 32],
    [admin, 12],
  ] as const) {
    for (let i = 0; i < count; i += 1) {
      const to = [
        colleagues[i % colleagues.length]!.id,
        colleagues[(i + 3) % colleagues.length]!.id,
      ];
      const [title, text] = SUBJECTS[(i + 5) % SUBJECTS.length]!;
      const { inmailId } = await mail.send(
        {
          recipients: sender === admin ? [...to, teacher.id] : to,
          title: `回复：${title}`,
          content: body(text),
          fileList: i % 5 === 2 ? await attach(sender, 1, i) : undefined,
        },
        sender,
      );
      if (i % 2 === 0) await markRead(db, services, inmailId, [to[0]!]);
    }
  }

  // Every other teacher: two mails from the next colleagues (the first read), one sent.
  for (const [i, person] of others.entries()) {
    const next = others[(i + 1) % others.length]!;
    const after = others[(i + 2) % others.length]!;
    for (const [k, from] of [next, after].entries()) {
      const [title, text] = SUBJECTS[(i + k) % SUBJECTS.length]!;
      const { inmailId } = await mail.send(
        {
          recipients: [person.id],
          title,
          content: body(text),
          fileList: (i + k) % 6 === 0 ? await attach(from, 1, i + k) : undefined,
        },
        from,
      );
      if (k === 0) await markRead(db, services, inmailId, [person.id]);
    }
  }

  // Frequent contacts and groups: the teacher has many, every other teacher a few and a group.
  await mailContacts.addSingles(
    teacher,
    others.slice(0, 14).map((row) => row.id),
  );
  for (const [g, note] of GROUPS.entries()) {
    const members = others.slice(g * 6, g * 6 + 5 + g).map((row) => row.id);
    await mailContacts.addGroup(teacher, note, members);
  }
  await mailContacts.addSingles(admin, [teacher.id, ...others.slice(0, 4).map((row) => row.id)]);
  await mailContacts.addGroup(
    admin,
    '中层干部',
    others.slice(0, 6).map((row) => row.id),
  );
  for (const [i, person] of others.entries()) {
    const near = [1, 2, 3].map((k) => others[(i + k) % others.length]!.id);
    await mailContacts.addSingles(person, [teacher.id, ...near]);
    await mailContacts.addGroup(person, GROUPS[i % GROUPS.length]!, near);
  }

  // Drafts: half-written mails of the teacher.
  for (let i = 0; i < 4; i += 1) {
    const [title, text] = SUBJECTS[(i + 7) % SUBJECTS.length]!;
    await mailDrafts.save(
      {
        recipients:
          i % 2 === 0
            ? colleagues
                .slice(i, i + 2)
                .map((row) => row.id)
                .join(',')
            : '',
        title: i === 3 ? '' : `（草稿）${title}`,
        content: body(text),
      },
      teacher,
    );
  }
}

/** Real bytes of a demo attachment: the document as a Chinese PDF, a UTF-8 note or a photo. */
async function attachmentBytes(
  extension: 'pdf' | 'txt' | 'jpg',
  subject: string,
  about: string,
  seed: number,
): Promise<Buffer> {
  if (extension === 'txt') return Buffer.from(`${subject}\n${about}\n各位老师请查阅。\n`, 'utf8');
  if (extension === 'jpg') return (await makeImage('photo', 900 + seed)).data;
  return makeDocumentPdf({
    title: subject,
    byline: '青禾实验中学',
    sections: [{ heading: '各位老师：', lines: [about, '如有疑问，请与教务处联系。'] }],
  });
}

/** Opens a mail as each of `readers` (their inbox entries of it). */
async function markRead(
  db: Kysely<Database>,
  services: Services,
  mailId: number,
  readers: number[],
): Promise<void> {
  const entries = await db
    .selectFrom('mailInbox')
    .select(['id', 'staffId'])
    .where('mailId', '=', mailId)
    .where('staffId', 'in', readers)
    .execute();
  for (const entry of entries) await services.mail.markRead(entry.id, { id: entry.staffId });
}
