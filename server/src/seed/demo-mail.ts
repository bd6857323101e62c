import type { Kysely } from 'kysely';
import type { Services } from '../app.js';
import type { Database } from '../db/schema.js';

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
const FILES = ['安排表.xlsx', '说明.docx', '课件.pptx', '名单.pdf'];

/**
 * Demo mailboxes, made through the mail service as the pages make them: the
 * demo teacher (林晓雯) and the administrator receive mail from colleagues
 * (read and unread, some with attachments) and have sent mail with read
 * receipts: more than three pages of each for the teacher.
 */
export async function seedDemoMail(db: Kysely<Database>, services: Services): Promise<void> {
  const { mail } = services;
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
  const colleagues = people
    .filter((row) => row.code !== 'teacher' && row.code !== 'admin')
    .slice(0, 8)
    .map((row) => ({ id: row.id }));

  const attach = async (owner: { id: number }, count: number, seed: number) => {
    const list: Array<{ fileId: number; fileName: string }> = [];
    for (let i = 0; i < count; i += 1) {
      const fileName = `${SUBJECTS[(seed + i) % SUBJECTS.length]![0]}${FILES[(seed + i) % FILES.length]}`;
      const stored = await services.files.save(
        { fileName, mimeType: 'application/octet-stream', createdBy: owner.id },
        Buffer.from(`示例附件：${fileName}\n`, 'utf8'),
      );
      list.push({ fileId: stored.id, fileName });
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
