import { MAIL_READ, type MailDetail, type ReceiveItem, type SendItem } from '@school/common/api';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { containsText } from '../../db/like.js';
import { countRows, onPage } from '../../db/paging.js';
import type { Database } from '../../db/schema.js';
import { forbidden, notFound, orNotFound } from '../../http/errors.js';
import type { Paging } from '../../http/paging.js';
import type { FileGuard } from '../../platform/files/guards.js';
import type { TextIndex } from '../../platform/search/text-index.js';
import { displayTime } from '../../time.js';
import { MAIL_UPLOAD, heldByLeaver, holdsMail } from './attachments.js';
import { isSystemAdmin } from '../../http/roles.js';
import { KeptInboxPages } from './box-version.js';
import type { Person } from './rules.js';
import { DELETED_MAIL, MAIL_GONE } from './service.js';
import { MAIL_LARGE, type LargeFiles } from './large-files.js';

export const NOT_YOURS_TO_READ = '无权查看该邮件';
export const RECALLED = '该邮件已被发件人撤回';
export const ATTACHMENT_REFUSAL = '该附件只有邮件的发件人和收件人可以查看';

export interface ListFilter {
  /** Inbox: 1 unread, 2 read. Sent box: 2 opened by at least one recipient, 1 by none. */
  state?: number;
  keyword?: string;
}

type MailScope = ExpressionBuilder<Database, 'mail'>;

/** Whether any recipient has opened the mail. */
const anyRead = (eb: MailScope) =>
  eb.exists(
    eb
      .selectFrom('mailInbox as opened')
      .select('opened.id')
      .whereRef('opened.mailId', '=', 'mail.id')
      .where('opened.state', '=', MAIL_READ),
  );

/**
 * Reading one's mail: the inbox and sent lists (newest first), a mail's
 * detail for its sender and recipients, and the file guard that keeps its
 * attachments to them.
 */
export class Mailbox {
  /** The inbox keyword searches' pages, kept while the person's inbox stays as it was. */
  private readonly keptPages: KeptInboxPages;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly texts: TextIndex,
    /** 超大附件: their states in a detail, and their part of the file guard. */
    private readonly large: LargeFiles,
  ) {
    this.keptPages = new KeptInboxPages(db);
  }

  /**
   * A list's keyword filter on its entries' mails (`entry`: the inbox's or the
   * sent box's mailId): the mails whose subject, body or `names` (the sender's
   * name in the inbox, the recipients' in the sent box) hold `text`. The text
   * index first keeps the entries whose mail holds the terms of a Chinese
   * keyword (without reading a mail), so only those entries' mails are read
   * to check the keyword itself; with a keyword without Chinese characters
   * each entry's mail is read.
   */
  private keywordFilter<TB extends 'mailInbox' | 'mailSent'>(
    text: string,
    names: 'sender' | 'receivers',
    entry: 'mailInbox.mailId' | 'mailSent.mailId',
  ) {
    const candidates = this.texts.candidates('mail', text);
    const holds = this.db
      .selectFrom('mail')
      .innerJoin('staff as sender', 'sender.id', 'mail.senderId')
      .select('mail.id')
      .where('mail.id', '=', sql.ref<number>(entry))
      .where((eb) =>
        eb.or([
          containsText('mail.title', text),
          containsText('mail.bodyText', text),
          names === 'sender'
            ? containsText('sender.name', text)
            : containsText('mail.receiverNames', text),
        ]),
      );
    return (eb: ExpressionBuilder<Database, TB>) =>
      candidates
        ? eb.and([eb(sql.ref(entry), 'in', candidates), eb.exists(holds)])
        : eb.exists(holds);
  }

  /**
   * The inbox, newest first. The count and the page's ids are read from the
   * inbox index alone (no mail row is touched for the rows skipped, however
   * deep the page); only the ten shown are joined with their mails. A keyword
   * looks into the mails (subject, body text, sender).
   */
  async received(
    reader: Person,
    filter: ListFilter,
    paging: Paging,
  ): Promise<{ total: number; list: ReceiveItem[] }> {
    const text = filter.keyword?.trim();
    const base = this.db
      .selectFrom('mailInbox')
      .where('mailInbox.staffId', '=', reader.id)
      .where('mailInbox.deleted', '=', 0)
      .$if(filter.state !== undefined, (qb) => qb.where('mailInbox.state', '=', filter.state!))
      .$if(Boolean(text), (qb) =>
        qb.where(this.keywordFilter(text!, 'sender', 'mailInbox.mailId')),
      );
    // The count, the page's ids and its rows are kept under the reader's inbox version and the
    // site's content version: a keyword's count checks every mail of the school that holds its
    // terms, and a deep page skips the entries before it.
    const key = JSON.stringify([filter.state ?? null, text ?? '', paging.pageNum, paging.pageSize]);
    return this.keptPages.keep(reader.id, key, async () => {
      const [total, page] = await Promise.all([
        countRows(base),
        base.select('mailInbox.id').orderBy('mailInbox.id', 'desc').$call(onPage(paging)).execute(),
      ]);
      return { total, list: await this.receivedRows(page.map((row) => row.id)) };
    });
  }

  /** The inbox rows of entry ids `ids`, newest first. */
  private async receivedRows(ids: number[]): Promise<ReceiveItem[]> {
    const rows = ids.length
      ? await this.db
          .selectFrom('mailInbox')
          .innerJoin('mail', 'mail.id', 'mailInbox.mailId')
          .innerJoin('staff as sender', 'sender.id', 'mail.senderId')
          .select([
            'mail.id as mailId',
            'mailInbox.id as receiveId',
            'mail.title',
            'sender.name as senderName',
            'mailInbox.state',
            'mail.fileCount',
            'mail.createdAt',
          ])
          .where('mailInbox.id', 'in', ids)
          .orderBy('mailInbox.id', 'desc')
          .execute()
      : [];
    return rows.map((row) => ({
      inmailId: row.mailId,
      receiveId: row.receiveId,
      inmailTitle: row.title,
      sendName: row.senderName,
      inmainState: row.state,
      fileCount: row.fileCount,
      createDate: displayTime(row.createdAt),
    }));
  }

  /** The sent box, newest first, paged on the sent index as the inbox is. */
  async sent(
    sender: Person,
    filter: ListFilter,
    paging: Paging,
  ): Promise<{ total: number; list: SendItem[] }> {
    const text = filter.keyword?.trim();
    const base = this.db
      .selectFrom('mailSent')
      .where('mailSent.staffId', '=', sender.id)
      .$if(filter.state !== undefined, (qb) =>
        qb.where(({ exists, not, selectFrom }) => {
          const opened = exists(
            selectFrom('mailInbox as opened')
              .select('opened.id')
              .whereRef('opened.mailId', '=', 'mailSent.mailId')
              .where('opened.state', '=', MAIL_READ),
          );
          return filter.state === MAIL_READ ? opened : not(opened);
        }),
      )
      .$if(Boolean(text), (qb) =>
        qb.where(this.keywordFilter(text!, 'receivers', 'mailSent.mailId')),
      );
    const [total, page] = await Promise.all([
      countRows(base),
      base.select('mailSent.id').orderBy('mailSent.id', 'desc').$call(onPage(paging)).execute(),
    ]);
    const ids = page.map((row) => row.id);
    const rows = ids.length
      ? await this.db
          .selectFrom('mailSent')
          .innerJoin('mail', 'mail.id', 'mailSent.mailId')
          .select((eb) => [
            'mail.id as mailId',
            'mailSent.id as sendId',
            'mail.title',
            'mail.receiverNames',
            'mail.fileCount',
            'mail.recalledAt',
            'mail.createdAt',
            anyRead(eb).as('opened'),
          ])
          .where('mailSent.id', 'in', ids)
          .orderBy('mailSent.id', 'desc')
          .execute()
      : [];
    return {
      total,
      list: rows.map((row) => {
        // SQLite answers 0/1, PostgreSQL booleans.
        const opened = Boolean(Number(row.opened));
        return {
          inmailId: row.mailId,
          sendId: row.sendId,
          inmailTitle: row.title,
          receiveName: row.receiverNames,
          ifRead: opened ? '0' : '1',
          inmainState: opened ? 2 : 1,
          recalled: row.recalledAt !== null,
          fileCount: row.fileCount,
          createDate: displayTime(row.createdAt),
        };
      }),
    };
  }

  /**
   * A mail for its sender (with each recipient's read state and time) or a
   * recipient; `entry` names the caller's own inbox or sent entry when sent.
   */
  async detail(
    mailId: number,
    reader: Person,
    entry: { receiveId?: number; sendId?: number },
  ): Promise<MailDetail> {
    const mail = await orNotFound(
      this.db
        .selectFrom('mail')
        .innerJoin('staff as sender', 'sender.id', 'mail.senderId')
        .select([
          'mail.id',
          'mail.title',
          'mail.content',
          'mail.senderId',
          'sender.name as senderName',
          'mail.fileCount',
          'mail.recalledAt',
          'mail.createdAt',
        ])
        .where('mail.id', '=', mailId),
      MAIL_GONE,
    );
    const [inbox, sent] = await Promise.all([
      this.db
        .selectFrom('mailInbox')
        .select(['id', 'state'])
        .where('mailId', '=', mailId)
        .where('staffId', '=', reader.id)
        .where('deleted', '=', 0)
        .$if(entry.receiveId !== undefined, (qb) => qb.where('id', '=', entry.receiveId!))
        .executeTakeFirst(),
      this.db
        .selectFrom('mailSent')
        .select('id')
        .where('mailId', '=', mailId)
        .where('staffId', '=', reader.id)
        .$if(entry.sendId !== undefined, (qb) => qb.where('id', '=', entry.sendId!))
        .executeTakeFirst(),
    ]);
    const asSender = Boolean(sent) && entry.receiveId === undefined;
    const asRecipient = Boolean(inbox) && entry.sendId === undefined;
    if (!asSender && !asRecipient) {
      if (mail.recalledAt && (await this.wasRecipient(mailId, reader))) throw notFound(RECALLED);
      throw forbidden(NOT_YOURS_TO_READ);
    }
    const [recipients, files, largeFiles] = await Promise.all([
      this.db
        .selectFrom('mailInbox')
        .innerJoin('staff', 'staff.id', 'mailInbox.staffId')
        .select(['staff.id', 'staff.name', 'staff.email', 'mailInbox.state', 'mailInbox.readAt'])
        .where('mailInbox.mailId', '=', mailId)
        .orderBy('mailInbox.id')
        .execute(),
      this.db
        .selectFrom('mailFile')
        .leftJoin('storedFile', 'storedFile.id', 'mailFile.fileId')
        .select(['mailFile.fileId', 'mailFile.fileName', 'storedFile.size'])
        .where('mailFile.mailId', '=', mailId)
        .orderBy('mailFile.id')
        .execute(),
      this.large.ofMail(mailId),
    ]);
    return {
      inmailId: mail.id,
      inmailTitle: mail.title,
      inmailContent: mail.content,
      createDate: displayTime(mail.createdAt),
      sendStaffId: mail.senderId,
      sendName: mail.senderName,
      receiveId: asRecipient ? inbox!.id : null,
      sendId: asSender ? sent!.id : null,
      inmainState: asRecipient ? inbox!.state : null,
      recalled: mail.recalledAt !== null,
      staffInfoList: recipients.map((row) => ({
        contactId: row.id,
        staffId: row.id,
        staffName: row.name,
        email: row.email,
        inmainState: asSender ? row.state : null,
        readDate: asSender && row.readAt ? displayTime(row.readAt) : null,
        // A recall takes back the copies nobody had opened (today: all, as it
        // is refused once one is read); a read copy stays read.
        recalled: asSender && mail.recalledAt !== null && row.state !== MAIL_READ,
      })),
      staffIdArr: recipients.map((row) => row.id).join(','),
      fileCount: mail.fileCount,
      fileList: files.map((file) => ({
        fileId: file.fileId,
        fileName: file.fileName,
        filePath: `/api/news/uploadnewfile.do?FILE_ID=${file.fileId}`,
        fileSize: file.size ?? 0,
      })),
      largeFileList: largeFiles,
    };
  }

  private async wasRecipient(mailId: number, reader: Person): Promise<boolean> {
    const row = await this.db
      .selectFrom('mailInbox')
      .select('id')
      .where('mailId', '=', mailId)
      .where('staffId', '=', reader.id)
      .executeTakeFirst();
    return Boolean(row);
  }

  /**
   * A mail's attachments and body pictures are read by its sender (while they keep it) and
   * recipients only (and, once one of them has left, by system administrators: 邮件归档), an upload not sent yet by its uploader; those of a mail deleted by
   * everyone by their uploader alone.
   */
  fileGuard(): FileGuard {
    return {
      tables: ['T_MAIL', MAIL_UPLOAD, MAIL_LARGE],
      refusal: ATTACHMENT_REFUSAL,
      allows: async (reader, uses, _fileId, db) => {
        // An upload is its uploader's, sent or not.
        if (uses.some((row) => row.infoTable === MAIL_UPLOAD && row.objId === reader.id)) {
          return true;
        }
        // A 超大附件: the mail's people, until its link expires.
        if (await this.large.allows(reader, uses, db)) return true;
        const mailIds = uses
          .filter((row) => row.infoTable === 'T_MAIL' && row.objId !== DELETED_MAIL)
          .map((row) => row.objId);
        if (mailIds.length === 0) return false;
        const held = await db
          .selectFrom('mail')
          .select('mail.id')
          .where('mail.id', 'in', mailIds)
          .where((eb) =>
            // A system administrator reads a leaver's archive (邮件归档), attachments included.
            isSystemAdmin(reader)
              ? eb.or([holdsMail(eb, reader.id), heldByLeaver(eb)])
              : holdsMail(eb, reader.id),
          )
          .executeTakeFirst();
        return Boolean(held);
      },
    };
  }
}
