import { MAIL_BODY_MAX, MAIL_READ, MAIL_RECIPIENTS_MAX, MAIL_UNREAD } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { sanitizeRichText } from '../../platform/content/sanitize.js';
import { dropFileUses, setFileUses } from '../../platform/files/uses.js';
import { htmlToText } from '../../platform/search/terms.js';
import type { TextIndex } from '../../platform/search/text-index.js';
import { iso, type Clock } from '../../time.js';
import { bodyFiles, checkAttachments } from './attachments.js';
import { raiseBoxVersions } from './box-version.js';
import { UnreadFeed } from './unread-feed.js';
import { largeChoicesOf, type LargeFiles } from './large-files.js';
import { attachmentsOf, badFormat, extensionAllowed, namesLine, type Person } from './rules.js';

export const MAIL_GONE = '邮件不存在或已删除';
export const NOT_YOUR_MAIL = '只能操作自己的邮件';
export const ALREADY_READ = '已有收件人阅读该邮件，不能撤回';
export const ALREADY_RECALLED = '该邮件已撤回';
/** The file-use record (objId) of an attachment whose mail is gone: read by no one. */
export const DELETED_MAIL = 0;

export interface SendInput {
  /** Staff ids of the recipients, each once. */
  recipients: number[];
  title: string;
  content?: string;
  /** The payload's fileList (JSON text). */
  fileList?: string;
  /** 超大附件: the payload's largeFileList (JSON text). */
  largeFileList?: string;
  /** The draft it was written in: deleted with the send. */
  draftId?: number;
}

/**
 * Sending, reading, deleting and recalling mail. A send is one transaction
 * with one multi-row insert of the inbox entries, however many recipients.
 * Deleting an entry removes that person's copy only; the mail and its
 * attachments' uses go with the last entry.
 */
export class MailService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly now: Clock,
    /** The mails' Chinese terms, for the mailbox's keyword search. */
    private readonly texts: TextIndex,
    /** 超大附件: links to files kept in the sender's drive. */
    private readonly large: LargeFiles,
    /** Told whose unread count changed (the pages' live counter). */
    readonly feed = new UnreadFeed(),
  ) {}

  /**
   * Whether the mail could be sent now, with the send's own messages, writing nothing: a mail
   * to be sent later (定时发送) is refused while its writer is still there to fix it.
   */
  async check(input: SendInput, sender: Person): Promise<void> {
    const { recipients, attachments, largeChoices } = this.shape(input);
    await activeRecipients(this.db, recipients);
    await checkAttachments(this.db, attachments, sender);
    await this.large.check(this.db, largeChoices, sender);
  }

  async send(input: SendInput, sender: Person): Promise<{ inmailId: number }> {
    const { title, content, bodyText, recipients, attachments, largeChoices } = this.shape(input);
    const createdAt = iso(this.now());
    const sent = await inTransaction(this.db, async (trx) => {
      const people = await activeRecipients(trx, recipients);
      const files = await checkAttachments(trx, attachments, sender);
      const largeFiles = await this.large.check(trx, largeChoices, sender);
      const nameOf = new Map(people.map((row) => [row.id, row.name]));
      const receiverNames = namesLine(recipients.map((id) => nameOf.get(id)!));
      const { id: mailId } = await trx
        .insertInto('mail')
        .values({
          senderId: sender.id,
          title,
          content,
          bodyText,
          receiverNames,
          // The lists' paperclip counts the 超大附件 too.
          fileCount: files.length + largeFiles.length,
          createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('mailInbox')
        .values(recipients.map((staffId) => ({ mailId, staffId, state: MAIL_UNREAD, createdAt })))
        .execute();
      await raiseBoxVersions(trx, recipients);
      await trx.insertInto('mailSent').values({ mailId, staffId: sender.id, createdAt }).execute();
      // Found by subject, body, sender and recipients (Mailbox checks the keyword itself).
      const { name: senderName } = await trx
        .selectFrom('staff')
        .select('name')
        .where('id', '=', sender.id)
        .executeTakeFirstOrThrow();
      await this.texts.put(
        'mail',
        mailId,
        `${title} ${bodyText} ${senderName} ${receiverNames}`,
        trx,
      );
      if (files.length) {
        await trx
          .insertInto('mailFile')
          .values(files.map((file) => ({ mailId, ...file })))
          .execute();
      }
      await this.large.record(trx, mailId, largeFiles);
      // Recorded as used, the attachments and body pictures are staff-only; the mail's file
      // guard narrows it to the mail's sender and recipients.
      await setFileUses(trx, 'T_MAIL', mailId, [
        ...files.map((file) => file.fileId),
        ...(await bodyFiles(trx, content, sender)),
      ]);
      if (input.draftId !== undefined) {
        await trx
          .deleteFrom('mailDraft')
          .where('id', '=', input.draftId)
          .where('ownerId', '=', sender.id)
          .execute();
      }
      return { inmailId: mailId };
    });
    this.feed.notify(recipients);
    return sent;
  }

  /** The mail's parts as stored, checked as the send checks them before it writes. */
  private shape(input: SendInput) {
    const title = input.title.trim();
    if (!title) throw badRequest('请填写主题');
    const content = sanitizeRichText(input.content ?? '');
    const bodyText = htmlToText(content);
    if ([...bodyText].length > MAIL_BODY_MAX) throw badRequest(`正文不能超过${MAIL_BODY_MAX}个字`);
    const recipients = input.recipients;
    if (recipients.length === 0) throw badRequest('请选择收件人');
    if (recipients.length > MAIL_RECIPIENTS_MAX) {
      throw badRequest(`收件人不能超过${MAIL_RECIPIENTS_MAX}人`);
    }
    const attachments = attachmentsOf(input.fileList);
    for (const file of attachments) {
      if (file.fileName && !extensionAllowed(file.fileName)) throw badFormat(file.fileName);
    }
    const largeChoices = largeChoicesOf(input.largeFileList);
    return { title, content, bodyText, recipients, attachments, largeChoices };
  }

  /** Marks an inbox entry read; answers the unread count after it. */
  async markRead(receiveId: number, reader: Person): Promise<number> {
    const entry = await this.ownInbox([receiveId], reader);
    if (entry[0]!.state === MAIL_UNREAD) {
      const result = await inTransaction(this.db, async (trx) => {
        const marked = await trx
          .updateTable('mailInbox')
          .set({ state: MAIL_READ, readAt: iso(this.now()) })
          .where('id', '=', receiveId)
          .where('state', '=', MAIL_UNREAD)
          .where('deleted', '=', 0)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) > 0) await raiseBoxVersions(trx, [reader.id]);
        return marked;
      });
      // Nothing changed: read meanwhile (fine), or recalled or deleted meanwhile (404).
      if (Number(result.numUpdatedRows) === 0) await this.ownInbox([receiveId], reader);
      else this.feed.notify([reader.id]);
    }
    return this.unreadCount(reader);
  }

  async unreadCount(reader: Person): Promise<number> {
    const row = await this.db
      .selectFrom('mailInbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('staffId', '=', reader.id)
      .where('state', '=', MAIL_UNREAD)
      .where('deleted', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Deletes inbox entries of the caller; the mails left with no entry go. */
  async deleteReceived(receiveIds: number[], owner: Person): Promise<void> {
    if (receiveIds.length === 0) throw badRequest('请选择要删除的文件');
    await inTransaction(this.db, async (trx) => {
      const entries = await this.ownInbox(receiveIds, owner, trx);
      await trx
        .updateTable('mailInbox')
        .set({ deleted: 1 })
        .where('id', 'in', receiveIds)
        .execute();
      await raiseBoxVersions(trx, [owner.id]);
      await this.dropOrphans(
        trx,
        entries.map((entry) => entry.mailId),
      );
    });
    this.feed.notify([owner.id]);
  }

  /** Deletes sent entries of the caller; the recipients keep their copies. */
  async deleteSent(sendIds: number[], owner: Person): Promise<void> {
    if (sendIds.length === 0) throw badRequest('请选择要删除的文件');
    await inTransaction(this.db, async (trx) => {
      const entries = await this.ownSent(sendIds, owner, trx);
      await trx.deleteFrom('mailSent').where('id', 'in', sendIds).execute();
      await this.dropOrphans(
        trx,
        entries.map((entry) => entry.mailId),
      );
    });
  }

  /**
   * 撤回: while no recipient has opened the mail, the recipients' entries go
   * (kept as deleted, so the sender still sees to whom it went) and the mail
   * is marked recalled. The entries are locked first (PostgreSQL), so a
   * recipient opening it at the same moment either wins (409 here) or finds
   * it gone.
   */
  async recall(sendId: number, sender: Person): Promise<void> {
    const recipients = await inTransaction(this.db, async (trx) => {
      const [entry] = await this.ownSent([sendId], sender, trx);
      const mail = await trx
        .selectFrom('mail')
        .select('recalledAt')
        .where('id', '=', entry!.mailId)
        .executeTakeFirstOrThrow();
      if (mail.recalledAt) throw new AppError(409, ALREADY_RECALLED);
      const inbox = await trx
        .selectFrom('mailInbox')
        .select(['id', 'state', 'staffId'])
        .where('mailId', '=', entry!.mailId)
        .$if(this.dialect === 'postgres', (qb) => qb.forUpdate())
        .execute();
      if (inbox.some((row) => row.state === MAIL_READ)) throw new AppError(409, ALREADY_READ);
      await trx
        .updateTable('mailInbox')
        .set({ deleted: 1 })
        .where('mailId', '=', entry!.mailId)
        .execute();
      await raiseBoxVersions(
        trx,
        inbox.map((row) => row.staffId),
      );
      await trx
        .updateTable('mail')
        .set({ recalledAt: iso(this.now()) })
        .where('id', '=', entry!.mailId)
        .execute();
      return inbox.map((row) => row.staffId);
    });
    this.feed.notify(recipients);
  }

  /** The caller's live inbox entries among `ids`: 404 for one gone, 403 for another's. */
  private async ownInbox(ids: number[], owner: Person, db: Kysely<Database> = this.db) {
    const rows = await db
      .selectFrom('mailInbox')
      .select(['id', 'mailId', 'staffId', 'state'])
      .where('id', 'in', ids)
      .where('deleted', '=', 0)
      .execute();
    if (rows.some((row) => row.staffId !== owner.id)) throw forbidden(NOT_YOUR_MAIL);
    if (rows.length !== ids.length) throw notFound(MAIL_GONE);
    return rows;
  }

  private async ownSent(ids: number[], owner: Person, db: Kysely<Database> = this.db) {
    const rows = await db
      .selectFrom('mailSent')
      .select(['id', 'mailId', 'staffId'])
      .where('id', 'in', ids)
      .execute();
    if (rows.some((row) => row.staffId !== owner.id)) throw forbidden(NOT_YOUR_MAIL);
    if (rows.length !== ids.length) throw notFound(MAIL_GONE);
    return rows;
  }

  /** Removes the mails among `mailIds` that no inbox or sent entry holds any more. */
  private async dropOrphans(trx: Kysely<Database>, mailIds: number[]): Promise<void> {
    const orphans = await trx
      .selectFrom('mail')
      .select('mail.id')
      .where('mail.id', 'in', [...new Set(mailIds)])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('mailInbox')
              .select('mailInbox.id')
              .whereRef('mailInbox.mailId', '=', 'mail.id')
              .where('mailInbox.deleted', '=', 0),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('mailSent')
              .select('mailSent.id')
              .whereRef('mailSent.mailId', '=', 'mail.id'),
          ),
        ),
      )
      .execute();
    const gone = orphans.map((row) => row.id);
    if (gone.length === 0) return;
    await dropFileUses(trx, 'T_MAIL', gone);
    // A file no item used would be public: the attachments stay marked as those of a
    // deleted mail (objId 0), which the mail's file guard lets nobody read.
    const attached = await trx
      .selectFrom('mailFile')
      .select('fileId')
      .distinct()
      .where('mailId', 'in', gone)
      .execute();
    const fileIds = attached.map((row) => row.fileId);
    if (fileIds.length) {
      const marked = await trx
        .selectFrom('fileUse')
        .select('fileId')
        .where('infoTable', '=', 'T_MAIL')
        .where('objId', '=', DELETED_MAIL)
        .where('fileId', 'in', fileIds)
        .execute();
      const done = new Set(marked.map((row) => row.fileId));
      const todo = fileIds.filter((id) => !done.has(id));
      if (todo.length) {
        await trx
          .insertInto('fileUse')
          .values(todo.map((fileId) => ({ fileId, infoTable: 'T_MAIL', objId: DELETED_MAIL })))
          .execute();
      }
    }
    await trx.deleteFrom('mailFile').where('mailId', 'in', gone).execute();
    // Only the links go: the files stay in their senders' drives.
    await trx.deleteFrom('mailLargeFile').where('mailId', 'in', gone).execute();
    await trx.deleteFrom('mailInbox').where('mailId', 'in', gone).execute();
    await trx.deleteFrom('mail').where('id', 'in', gone).execute();
    await this.texts.remove('mail', gone, trx);
  }
}

/** The recipients' rows, each active; one gone or disabled refuses the mail. */
async function activeRecipients(db: Kysely<Database>, recipients: number[]) {
  const people = await db
    .selectFrom('staff')
    .select(['id', 'name'])
    .where('id', 'in', recipients)
    .where('status', '=', 1)
    .execute();
  if (people.length !== recipients.length) {
    const found = new Set(people.map((row) => row.id));
    const missing = recipients.filter((id) => !found.has(id));
    throw badRequest(`收件人不存在或已停用（编号 ${missing.slice(0, 5).join('、')}）`);
  }
  return people;
}
