import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { parseShelvesDate } from '../../http/dates.js';
import { AppError, badRequest } from '../../http/errors.js';
import { idsOf } from '../../http/id-list.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import { displayTime, iso, type Clock } from '../../time.js';
import type { DraftInput, MailDrafts } from './drafts.js';
import type { Person } from './rules.js';
import type { MailService } from './service.js';

/** The job that sends the mails whose time has come. */
const KIND = 'mail-scheduled';
/** How often it looks: the time is chosen to the minute. */
const EVERY_MS = 30_000;
/** How far ahead a mail may be scheduled. */
const YEAR_MS = 366 * 86_400_000;
/** Mails sent by one run at most (the next run takes the rest). */
const BATCH = 200;

/**
 * 定时发送: a mail to be sent later is its writer's draft with the moment it goes
 * (`mail_draft.send_at`), listed under 待发送. Until then it can be opened and changed (the
 * draft calls), given another time, or cancelled back to a plain draft. A recurring job of the
 * durable queue (platform/jobs) sends every mail whose time has come, through the send itself,
 * so it outlives restarts and runs in one process at a time; a mail is taken by clearing its
 * time in one guarded update, so it is sent once even when two copies of the site look
 * together. A mail that can no longer go (a recipient disabled meanwhile, its writer gone) stays
 * in the writer's draft box, with the reason in the log.
 */
export class ScheduledMail {
  private log?: FastifyBaseLogger;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly jobs: JobQueue,
    private readonly drafts: MailDrafts,
    private readonly mail: MailService,
  ) {
    jobs.register({
      kind: KIND,
      timeoutMs: 5 * 60_000,
      maxAttempts: 3,
      repeatMs: EVERY_MS,
      run: async () => {
        await this.sendDue();
      },
    });
  }

  /** Queues the recurring job (at start). */
  async start(log?: FastifyBaseLogger): Promise<void> {
    this.log = log;
    await this.jobs.schedule(KIND, KIND);
  }

  /**
   * Keeps the mail to be sent at `sendTime` (Beijing time, YYYY-MM-DD HH:mm): the draft it was
   * written in, or the scheduled mail given another time. Checked now as the send will check
   * it, so the writer hears what is wrong while still writing.
   */
  async schedule(
    input: Required<Pick<DraftInput, 'recipients' | 'title'>> & DraftInput,
    sendTime: string,
    owner: Person,
  ): Promise<{ draftId: number; sendTime: string }> {
    // Whose it is first, then what the send would refuse (a file the writer may not read),
    // then the time.
    if (input.draftId !== undefined) await this.drafts.assertOwn(input.draftId, owner);
    await this.mail.check(
      {
        recipients: [...new Set(idsOf(input.recipients))],
        title: input.title,
        content: input.content,
        fileList: input.fileList,
        largeFileList: input.largeFileList,
      },
      owner,
    );
    const sendAt = parseSendTime(sendTime);
    const now = this.now().getTime();
    if (sendAt.getTime() <= now) throw badRequest('发送时间须晚于现在');
    if (sendAt.getTime() - now > YEAR_MS) throw badRequest('发送时间须在一年以内');
    const { draftId } = await this.drafts.save(input, owner, iso(sendAt));
    return { draftId, sendTime: displayTime(iso(sendAt)) };
  }

  /** Sends every mail whose time has come; answers how many went. */
  async sendDue(): Promise<number> {
    const due = await this.db
      .selectFrom('mailDraft')
      .select([
        'id',
        'ownerId',
        'sendAt',
        'recipientIds',
        'title',
        'content',
        'files',
        'largeFiles',
      ])
      .where('sendAt', 'is not', null)
      .where('sendAt', '<=', iso(this.now()))
      .orderBy('sendAt')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    let sent = 0;
    for (const row of due) {
      // Taken by clearing its time, only while it still is the time read: an edit that gave
      // it another time, a cancel, or another copy of the site taking it, leaves it. It is
      // taken with the reason a stop before the send would leave (a sent mail's draft goes, a
      // refused one gets its own reason), so it never waits in 草稿箱 without saying why.
      const taken = await this.db
        .updateTable('mailDraft')
        .set({ sendAt: null, sendError: INTERRUPTED })
        .where('id', '=', row.id)
        .where('sendAt', '=', row.sendAt)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) continue;
      try {
        const writer = await this.db
          .selectFrom('staff')
          .select('id')
          .where('id', '=', row.ownerId)
          .where('status', '=', 1)
          .executeTakeFirst();
        if (!writer) throw badRequest('写信人已停用');
        await this.mail.send(
          {
            recipients: row.recipientIds ? [...new Set(idsOf(row.recipientIds))] : [],
            title: row.title,
            content: row.content,
            fileList: row.files,
            largeFileList: row.largeFiles,
            draftId: row.id,
          },
          writer,
        );
        sent += 1;
      } catch (err) {
        // Left in the writer's draft box, as it was written, with the reason shown there.
        this.log?.warn({ err, draftId: row.id }, 'scheduled mail not sent');
        const reason = err instanceof AppError ? err.message : '发送时出错';
        await this.db
          .updateTable('mailDraft')
          .set({ sendError: `定时发送未成功：${reason}` })
          .where('id', '=', row.id)
          .execute();
      }
    }
    return sent;
  }
}

/** What a scheduled mail says when the site stopped between taking it and sending it. */
export const INTERRUPTED = '定时发送未成功：发送时网站中断，请检查后重新发送';

/** A send time as the compose view gives it: Beijing time to the minute (or the second). */
function parseSendTime(text: string): Date {
  try {
    return parseShelvesDate(text);
  } catch {
    throw badRequest('发送时间格式不正确，应为 YYYY-MM-DD HH:mm');
  }
}
