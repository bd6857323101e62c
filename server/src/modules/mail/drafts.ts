import {
  MAIL_BODY_MAX,
  MAIL_DRAFTS_MAX,
  type DraftDetail,
  type DraftItem,
  type ScheduledItem,
} from '@school/common/api';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { containsText } from '../../db/like.js';
import { pageOf } from '../../db/paging.js';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, forbidden, notFound, orNotFound } from '../../http/errors.js';
import { idsOf } from '../../http/id-list.js';
import type { Paging } from '../../http/paging.js';
import { sanitizeRichText } from '../../platform/content/sanitize.js';
import type { HoldCondition } from '../../platform/files/upload-sweep.js';
import { htmlToText } from '../../platform/search/terms.js';
import { displayTime, iso, type Clock } from '../../time.js';
import type { MailRecipients } from './recipients.js';
import { checkAttachments } from './attachments.js';
import { attachmentsOf, namesLine, type Attachment, type Person } from './rules.js';
import { largeChoicesOf, largeChoicesText, type LargeFiles } from './large-files.js';

export const DRAFT_GONE = '草稿不存在或已删除';
export const NOT_YOUR_DRAFT = '只能操作自己的草稿';

export interface DraftInput {
  draftId?: number;
  recipients?: string;
  title?: string;
  content?: string;
  fileList?: string;
  /** 超大附件 chosen so far (JSON text, as the send's largeFileList). */
  largeFileList?: string;
}

/**
 * 草稿箱: a mail being written, saved while its writer types (the page saves
 * a few seconds after each change) and gone once it is sent. Drafts are their
 * writer's alone. What a draft holds is checked as loosely as a half-written
 * mail needs (no subject or recipient yet is fine) and as strictly as the
 * send for what would be stored (sanitised body, its length, the list shapes);
 * attachments and recipients are checked again when it is sent.
 */
export class MailDrafts {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly recipients: MailRecipients,
    private readonly large: LargeFiles,
  ) {}

  /**
   * Saves a draft; `sendAt` (ISO) makes it a mail to be sent then (定时发送, modules/mail/
   * scheduled.ts), left out it keeps what it was (an edit of a scheduled mail stays scheduled).
   */
  async save(
    input: DraftInput,
    owner: Person,
    sendAt?: string,
  ): Promise<{ draftId: number; updateDate: string }> {
    const content = sanitizeRichText(input.content ?? '');
    const bodyText = htmlToText(content);
    if ([...bodyText].length > MAIL_BODY_MAX) throw badRequest(`正文不能超过${MAIL_BODY_MAX}个字`);
    const recipientIds = input.recipients?.trim() ? [...new Set(idsOf(input.recipients))] : [];
    const attachments = attachmentsOf(input.fileList);
    const largeChoices = largeChoicesOf(input.largeFileList);
    const updatedAt = iso(this.now());
    const draftId = await inTransaction(this.db, async (trx) => {
      const values = {
        title: (input.title ?? '').trim(),
        content,
        bodyText,
        recipientIds: recipientIds.join(','),
        files: JSON.stringify(await checkAttachments(trx, attachments, owner)),
        // Checked as the send checks them (the writer may read each); kept as chosen.
        largeFiles: await this.large
          .check(trx, largeChoices, owner, true)
          .then(() => largeChoicesText(largeChoices)),
        updatedAt,
        // Saved again, a mail that could not go is a draft being mended: its reason goes.
        sendError: null,
        ...(sendAt !== undefined && { sendAt }),
      };
      if (input.draftId !== undefined) {
        await this.own(input.draftId, owner, trx);
        await trx.updateTable('mailDraft').set(values).where('id', '=', input.draftId).execute();
        return input.draftId;
      }
      const { id } = await trx
        .insertInto('mailDraft')
        .values({ ownerId: owner.id, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The oldest beyond the limit go: a draft box is not an archive (a mail waiting to be
      // sent is not a draft of the box).
      const kept = await trx
        .selectFrom('mailDraft')
        .select('id')
        .where('ownerId', '=', owner.id)
        .where('sendAt', 'is', null)
        .orderBy('updatedAt', 'desc')
        .orderBy('id', 'desc')
        .offset(MAIL_DRAFTS_MAX)
        .limit(100)
        .execute();
      if (kept.length) {
        await trx
          .deleteFrom('mailDraft')
          .where(
            'id',
            'in',
            kept.map((row) => row.id),
          )
          .execute();
      }
      return id;
    });
    return { draftId, updateDate: displayTime(updatedAt) };
  }

  async list(
    owner: Person,
    keyword: string | undefined,
    paging: Paging,
  ): Promise<{ total: number; list: DraftItem[] }> {
    const text = keyword?.trim();
    const base = this.db
      .selectFrom('mailDraft')
      .where('ownerId', '=', owner.id)
      .where('sendAt', 'is', null)
      .$if(Boolean(text), (qb) =>
        qb.where((eb) =>
          eb.or([
            containsText('mailDraft.title', text!),
            containsText('mailDraft.bodyText', text!),
          ]),
        ),
      );
    const page = await this.listPage(base, paging, false);
    return {
      total: page.total,
      list: page.list.map(({ row, item }) => ({
        ...item,
        updateDate: displayTime(row.updatedAt),
        sendError: row.sendError ?? '',
      })),
    };
  }

  async detail(draftId: number, owner: Person): Promise<DraftDetail> {
    const row = await this.own(draftId, owner);
    const chosen = row.recipientIds ? idsOf(row.recipientIds) : [];
    const people = await this.recipients.byIds(chosen);
    const files = JSON.parse(row.files) as Attachment[];
    const largeFileList = await this.large.ofDraft(row.largeFiles, owner);
    const stored = files.length
      ? await this.db
          .selectFrom('storedFile')
          .select(['id', 'fileName', 'size'])
          .where(
            'id',
            'in',
            files.map((file) => file.fileId),
          )
          .execute()
      : [];
    const nameOf = new Map(stored.map((file) => [file.id, file.fileName]));
    const sizeOf = new Map(stored.map((file) => [file.id, file.size]));
    return {
      draftId: row.id,
      inmailTitle: row.title,
      inmailContent: row.content,
      staffInfoList: chosen.flatMap((id) => {
        const person = people.get(id);
        return person ? [person] : [];
      }),
      // Files deleted meanwhile are left out; the writer attaches them again.
      fileList: files.flatMap((file) => {
        const storedName = nameOf.get(file.fileId);
        if (storedName === undefined) return [];
        return [
          {
            fileId: file.fileId,
            fileName: file.fileName ?? storedName,
            filePath: `/api/news/uploadnewfile.do?FILE_ID=${file.fileId}`,
            fileSize: sizeOf.get(file.fileId) ?? 0,
          },
        ];
      }),
      largeFileList,
      updateDate: displayTime(row.updatedAt),
      sendTime: displayTime(row.sendAt),
      sendError: row.sendError ?? '',
    };
  }

  /** 待发送: the owner's mails to be sent later, the first to go first. */
  async scheduled(
    owner: Person,
    paging: Paging,
  ): Promise<{ total: number; list: ScheduledItem[] }> {
    const base = this.db
      .selectFrom('mailDraft')
      .where('ownerId', '=', owner.id)
      .where('sendAt', 'is not', null);
    const page = await this.listPage(base, paging, true);
    return {
      total: page.total,
      list: page.list.map(({ row, item }) => ({ ...item, sendTime: displayTime(row.sendAt) })),
    };
  }

  /** A mail to be sent later goes back to the draft box: it is not sent. */
  async unschedule(draftId: number, owner: Person): Promise<void> {
    const row = await this.own(draftId, owner);
    if (row.sendAt === null) throw badRequest('这封邮件没有定时发送');
    await this.db
      .updateTable('mailDraft')
      .set({ sendAt: null, updatedAt: iso(this.now()) })
      .where('id', '=', draftId)
      .execute();
  }

  /**
   * One page of the owner's draft box (the last saved first) or 待发送 (the first to go first),
   * each row with the fields both lists show.
   */
  private async listPage(
    base: SelectQueryBuilder<Database, 'mailDraft', object>,
    paging: Paging,
    scheduled: boolean,
  ) {
    const page = await pageOf(
      base,
      paging,
      (query) => {
        const rows = query.select([
          'id',
          'title',
          'recipientIds',
          'files',
          'largeFiles',
          'updatedAt',
          'sendAt',
          'sendError',
        ]);
        return scheduled
          ? rows.orderBy('sendAt').orderBy('id')
          : rows.orderBy('updatedAt', 'desc').orderBy('id', 'desc');
      },
      (row) => row,
    );
    const names = await this.namesOf(page.list.map((row) => row.recipientIds));
    return {
      total: page.total,
      list: page.list.map((row, i) => ({
        row,
        item: {
          draftId: row.id,
          inmailTitle: row.title,
          receiveName: names[i]!,
          fileCount:
            (JSON.parse(row.files) as unknown[]).length +
            (JSON.parse(row.largeFiles) as unknown[]).length,
        },
      })),
    };
  }

  /** Each list's recipients as a names line (等N人), one read for all. */
  private async namesOf(recipientLists: string[]): Promise<string[]> {
    const chosen = recipientLists.map((ids) => (ids ? idsOf(ids) : []));
    const people = await this.recipients.byIds([...new Set(chosen.flat())]);
    return chosen.map((ids) =>
      namesLine(
        ids.flatMap((id) => {
          const name = people.get(id)?.staffName;
          return name ? [name] : [];
        }),
      ),
    );
  }

  async remove(draftIds: number[], owner: Person, db: Kysely<Database> = this.db): Promise<void> {
    if (draftIds.length === 0) throw badRequest('请选择要删除的草稿');
    await inTransaction(db, async (trx) => {
      const rows = await trx
        .selectFrom('mailDraft')
        .select(['id', 'ownerId'])
        .where('id', 'in', draftIds)
        .execute();
      if (rows.some((row) => row.ownerId !== owner.id)) throw forbidden(NOT_YOUR_DRAFT);
      if (rows.length !== new Set(draftIds).size) throw notFound(DRAFT_GONE);
      await trx.deleteFrom('mailDraft').where('id', 'in', draftIds).execute();
    });
  }

  /** 404 for a draft that is gone, 403 for another person's: before anything is done with it. */
  async assertOwn(draftId: number, owner: Person): Promise<void> {
    await this.own(draftId, owner);
  }

  private async own(draftId: number, owner: Person, db: Kysely<Database> = this.db) {
    const row = await orNotFound(
      db.selectFrom('mailDraft').selectAll().where('id', '=', draftId),
      DRAFT_GONE,
    );
    if (row.ownerId !== owner.id) throw forbidden(NOT_YOUR_DRAFT);
    return row;
  }
}

/**
 * A draft of the uploader's holds the upload: in its attachment list (stored
 * as JSON, {"fileId":12,…}) or its body (/api/files/12, FILE_ID=12). Such an
 * upload is kept however old (the upload sweep), so a draft never loses a file.
 * The body's test may also match a longer id (12 in 123): that keeps a file
 * too long, never too short.
 */
export const draftHolds: HoldCondition = (eb) => {
  const fileId = sql.ref('fileUse.fileId');
  return eb.exists(
    eb
      .selectFrom('mailDraft')
      .select('mailDraft.id')
      .whereRef('mailDraft.ownerId', '=', 'fileUse.objId')
      .where((draft) =>
        draft.or([
          draft('mailDraft.files', 'like', sql<string>`'%"fileId":' || ${fileId} || ',%'`),
          draft('mailDraft.content', 'like', sql<string>`'%/api/files/' || ${fileId} || '%'`),
          draft('mailDraft.content', 'like', sql<string>`'%FILE_ID=' || ${fileId} || '%'`),
        ]),
      ),
  );
};
