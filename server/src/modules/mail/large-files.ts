import { MAIL_FILES_MAX, type MailLargeFile } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, forbidden, notFound, orNotFound } from '../../http/errors.js';
import { isSystemAdmin } from '../../http/roles.js';
import { MAY_NOT_USE_FILE, type FileAccess } from '../../platform/files/access.js';
import { AUTH_STAFF_COLUMNS, type AuthStaff } from '../../platform/auth/session.js';
import type { FileUseRecord, FileUses } from '../../platform/files/guards.js';
import { itemFiles, type FileOwnerTable } from '../../platform/files/uses.js';
import { displayTime, iso, type Clock } from '../../time.js';
import { heldByLeaver, holdsMail } from './attachments.js';
import { badFormat, extensionAllowed, type Person } from './rules.js';

/**
 * 超大附件: a file over the mail's attachment limit stays in its sender's drive (the drive
 * area registers the upload in the disk's folder 超大附件); the mail carries a link to that
 * drive file (`mail_large_file`) that its sender and recipients may open until it expires
 * (MAIL_LARGE_FILE_DAYS after sending). The mail never reads the drive's tables: it names the
 * drive item by its id and finds the item's current stored file through the platform's record
 * of file uses (T_DRIVE), which goes when the drive file is deleted.
 */

/** The file-use kind of a large attachment (objId the mail_large_file row), named by FileUses. */
export const MAIL_LARGE = 'T_MAIL_LARGE' satisfies FileOwnerTable;
/** The drive's record of a drive file's stored bytes (objId the drive item). */
const DRIVE_ITEM = 'T_DRIVE' satisfies FileOwnerTable;

export const LARGE_GONE = '超大附件不存在或已删除';
export const LARGE_EXPIRED = '超大附件已过期';
export const LARGE_DELETED = '超大附件已被发件人删除';
export const LARGE_REFUSAL = '该超大附件只有邮件的发件人和收件人可以下载';
export const LARGE_NOT_YOURS = '只能转发自己收发的邮件中的超大附件';
const BAD_LIST = '超大附件列表格式不正确';
const NAME_NEEDED = '请填写超大附件的文件名';

/** A large attachment as the compose page names it: a drive file, or one of a held mail (a forward). */
export interface LargeChoice {
  resourcesId?: number;
  largeId?: number;
  /** The name shown; the stored file's own when not given. */
  fileName: string | null;
}

/** A large attachment checked and ready to be recorded with a mail. */
export interface LargeFile {
  itemId: number;
  fileName: string;
  size: number;
  /** A forward keeps the original's expiry; null: counted from the send. */
  expiresAt: string | null;
}

const idOf = (value: unknown): number | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw badRequest(BAD_LIST);
  return id;
};

/**
 * The payload's largeFileList: JSON text of [{resourcesId, fileName}] (a drive file, its name
 * required) or [{largeId, fileName}] (a large attachment of a mail one holds, its name
 * optional). '' or absent: none.
 */
export function largeChoicesOf(text: string | undefined): LargeChoice[] {
  if (!text?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest(BAD_LIST);
  }
  if (!Array.isArray(parsed)) throw badRequest(BAD_LIST);
  const seen = new Map<string, LargeChoice>();
  for (const entry of parsed as unknown[]) {
    if (!entry || typeof entry !== 'object') throw badRequest(BAD_LIST);
    const item = entry as { resourcesId?: unknown; largeId?: unknown; fileName?: unknown };
    const resourcesId = idOf(item.resourcesId);
    const largeId = resourcesId === undefined ? idOf(item.largeId) : undefined;
    if (resourcesId === undefined && largeId === undefined) throw badRequest(BAD_LIST);
    const name = typeof item.fileName === 'string' ? item.fileName.trim().slice(0, 200) : '';
    // The drive file's name is the mail's to give: the stored file's own may be another
    // person's name for the same bytes (kept once per content).
    if (resourcesId !== undefined && !name) throw badRequest(NAME_NEEDED);
    const key = resourcesId !== undefined ? `r${resourcesId}` : `l${largeId}`;
    if (!seen.has(key)) seen.set(key, { resourcesId, largeId, fileName: name || null });
  }
  if (seen.size > MAIL_FILES_MAX) throw badRequest(`超大附件最多${MAIL_FILES_MAX}个`);
  return [...seen.values()];
}

/** The choices as a draft keeps them (JSON). */
export const largeChoicesText = (choices: LargeChoice[]) =>
  JSON.stringify(
    choices.map((choice) =>
      choice.resourcesId !== undefined
        ? { resourcesId: choice.resourcesId, fileName: choice.fileName }
        : { largeId: choice.largeId, fileName: choice.fileName },
    ),
  );

/** The download address of a large attachment. */
export const largeFileUrl = (largeId: number) => `/api/email/largeFile/${largeId}`;

export class LargeFiles {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly access: FileAccess,
    /** Days a link may be opened after sending (MAIL_LARGE_FILE_DAYS). */
    private readonly days: number,
  ) {}

  /**
   * The choices checked for `writer`: a drive file must exist and be one the writer may read
   * (the one read rule: their own disk's, or a library file they may see); a forwarded one
   * must be of a mail the writer holds, not expired and still in its sender's drive.
   */
  async check(
    db: Kysely<Database>,
    choices: LargeChoice[],
    writer: Person,
    /** A draft keeps those deleted or expired meanwhile (shown so); a send refuses them. */
    keepGone = false,
  ): Promise<LargeFile[]> {
    if (choices.length === 0) return [];
    const fromDrive = choices.flatMap((c) => (c.resourcesId === undefined ? [] : [c.resourcesId]));
    const forwarded = choices.flatMap((c) => (c.largeId === undefined ? [] : [c.largeId]));
    const [driveFiles, earlier] = await Promise.all([
      this.driveFiles(db, fromDrive, writer, keepGone),
      this.forwarded(db, forwarded, writer, keepGone),
    ]);
    return choices.flatMap((choice) => {
      const found =
        choice.resourcesId !== undefined
          ? driveFiles.get(choice.resourcesId)
          : earlier.get(choice.largeId!);
      const fileName = choice.fileName ?? found?.fileName;
      if (fileName !== undefined && !extensionAllowed(fileName)) throw badFormat(fileName);
      return found ? [{ ...found, fileName: fileName! }] : [];
    });
  }

  /** Records the mail's large attachments, their links ending MAIL_LARGE_FILE_DAYS from now. */
  async record(trx: Kysely<Database>, mailId: number, files: LargeFile[]): Promise<void> {
    if (files.length === 0) return;
    const ends = iso(new Date(this.now().getTime() + this.days * 24 * 60 * 60 * 1000));
    await trx
      .insertInto('mailLargeFile')
      .values(
        files.map((file) => ({
          mailId,
          itemId: file.itemId,
          fileName: file.fileName,
          size: file.size,
          expiresAt: file.expiresAt ?? ends,
        })),
      )
      .execute();
  }

  /** A mail's large attachments as its detail shows them, each with its state. */
  async ofMail(mailId: number): Promise<MailLargeFile[]> {
    const rows = await this.db
      .selectFrom('mailLargeFile')
      .selectAll()
      .where('mailId', '=', mailId)
      .orderBy('id')
      .execute();
    const live = await itemFiles(
      this.db,
      DRIVE_ITEM,
      rows.map((row) => row.itemId),
    );
    return rows.map((row) => this.shown(row, live.has(row.itemId)));
  }

  /** A draft's chosen large attachments as the compose view shows them again. */
  async ofDraft(text: string, owner: Person): Promise<MailLargeFile[]> {
    const choices = largeChoicesOf(text);
    const itemIds = choices.flatMap((c) => (c.resourcesId === undefined ? [] : [c.resourcesId]));
    const largeIds = choices.flatMap((c) => (c.largeId === undefined ? [] : [c.largeId]));
    const [live, forwarded] = await Promise.all([
      itemFiles(this.db, DRIVE_ITEM, itemIds),
      largeIds.length
        ? this.db
            .selectFrom('mailLargeFile')
            .innerJoin('mail', 'mail.id', 'mailLargeFile.mailId')
            .selectAll('mailLargeFile')
            .where('mailLargeFile.id', 'in', largeIds)
            // Only links of mails the writer still holds are shown.
            .where((eb) => holdsMail(eb, owner.id))
            .execute()
        : [],
    ]);
    const stored = live.size
      ? await this.db
          .selectFrom('storedFile')
          .select(['id', 'fileName', 'size'])
          .where('id', 'in', [...live.values()])
          .execute()
      : [];
    const storedById = new Map(stored.map((file) => [file.id, file]));
    const forwardedLive = await itemFiles(
      this.db,
      DRIVE_ITEM,
      forwarded.map((row) => row.itemId),
    );
    const byLargeId = new Map(forwarded.map((row) => [row.id, row]));
    return choices.flatMap((choice): MailLargeFile[] => {
      if (choice.largeId !== undefined) {
        const row = byLargeId.get(choice.largeId);
        if (!row) return [];
        const shown = this.shown(row, forwardedLive.has(row.itemId));
        return [{ ...shown, fileName: choice.fileName ?? shown.fileName }];
      }
      const fileId = live.get(choice.resourcesId!);
      const file = fileId === undefined ? undefined : storedById.get(fileId);
      return [
        {
          largeId: null,
          resourcesId: choice.resourcesId!,
          fileName: choice.fileName ?? file?.fileName ?? '',
          fileSize: Number(file?.size ?? 0),
          // Counted from the send.
          expireDate: '',
          state: file ? 'ok' : 'deleted',
          filePath: '',
        },
      ];
    });
  }

  /**
   * What a large attachment's link serves `reader`: the drive file's stored file now, under
   * the name the mail shows. The mail's people first hear whether it expired or was deleted
   * (410); anybody else is refused (403) unless the one read rule lets them read the file
   * anyway; then the one read rule decides, the mail's guard among the others.
   */
  async open(largeId: number, reader: AuthStaff): Promise<{ fileId: number; fileName: string }> {
    const row = await orNotFound(
      this.db
        .selectFrom('mailLargeFile')
        .innerJoin('mail', 'mail.id', 'mailLargeFile.mailId')
        .select((eb) => [
          'mailLargeFile.itemId',
          'mailLargeFile.fileName',
          'mailLargeFile.expiresAt',
          (isSystemAdmin(reader)
            ? eb.or([holdsMail(eb, reader.id), heldByLeaver(eb)])
            : holdsMail(eb, reader.id)
          ).as('held'),
        ])
        .where('mailLargeFile.id', '=', largeId),
      LARGE_GONE,
    );
    const fileId = (await itemFiles(this.db, DRIVE_ITEM, [row.itemId])).get(row.itemId);
    const facts = fileId === undefined ? undefined : await this.access.facts(fileId);
    // SQLite answers 0/1, PostgreSQL booleans.
    if (!Number(row.held)) {
      const verdict = facts && (await this.access.verdict(facts, reader));
      if (!verdict?.ok) throw forbidden(LARGE_REFUSAL);
    }
    if (row.expiresAt <= iso(this.now())) throw new AppError(410, LARGE_EXPIRED);
    if (!facts) throw new AppError(410, LARGE_DELETED);
    await this.access.assertReadable(facts, reader);
    return { fileId: facts.id, fileName: row.fileName };
  }

  /**
   * The mail guard's part: of the large attachments `uses` names, one the reader holds the
   * mail of and that has not expired lets them read its file.
   */
  async allows(reader: AuthStaff, uses: FileUseRecord[], db: Kysely<Database>): Promise<boolean> {
    const ids = uses.filter((use) => use.infoTable === MAIL_LARGE).map((use) => use.objId);
    if (ids.length === 0) return false;
    const held = await db
      .selectFrom('mailLargeFile')
      .innerJoin('mail', 'mail.id', 'mailLargeFile.mailId')
      .select('mailLargeFile.id')
      .where('mailLargeFile.id', 'in', ids)
      .where('mailLargeFile.expiresAt', '>', iso(this.now()))
      .where((eb) =>
        isSystemAdmin(reader)
          ? eb.or([holdsMail(eb, reader.id), heldByLeaver(eb)])
          : holdsMail(eb, reader.id),
      )
      .executeTakeFirst();
    return Boolean(held);
  }

  private shown(
    row: { id: number; itemId: number; fileName: string; size: number | string; expiresAt: string },
    live: boolean,
  ): MailLargeFile {
    const expired = row.expiresAt <= iso(this.now());
    const state = expired ? 'expired' : live ? 'ok' : 'deleted';
    return {
      largeId: row.id,
      resourcesId: null,
      fileName: row.fileName,
      fileSize: Number(row.size),
      expireDate: displayTime(row.expiresAt),
      state,
      filePath: state === 'ok' ? largeFileUrl(row.id) : '',
    };
  }

  /** Drive files the writer may read, by item: 400 for one gone, 403 for one not theirs to read. */
  private async driveFiles(
    db: Kysely<Database>,
    itemIds: number[],
    writer: Person,
    keepGone: boolean,
  ) {
    const found = new Map<number, LargeFile>();
    if (itemIds.length === 0) return found;
    const files = await itemFiles(db, DRIVE_ITEM, itemIds);
    const missing = itemIds.filter((id) => !files.has(id));
    if (keepGone) itemIds = itemIds.filter((id) => files.has(id));
    else if (missing.length)
      throw badRequest(`${LARGE_GONE}（编号 ${missing.slice(0, 5).join('、')}）`);
    if (itemIds.length === 0) return found;
    const staff = await authStaffOf(db, writer.id);
    const stored = await db
      .selectFrom('storedFile')
      .select(['id', 'fileName', 'size'])
      .where('id', 'in', [...files.values()])
      .execute();
    const byId = new Map(stored.map((file) => [file.id, file]));
    for (const itemId of itemIds) {
      const fileId = files.get(itemId)!;
      const facts = await this.access.facts(fileId, db);
      const file = byId.get(fileId);
      if (!facts || !file) throw badRequest(`${LARGE_GONE}（编号 ${itemId}）`);
      const verdict = staff && (await this.access.verdict(facts, staff, db));
      if (!verdict?.ok) throw forbidden(MAY_NOT_USE_FILE);
      found.set(itemId, {
        itemId,
        fileName: file.fileName,
        size: Number(file.size),
        expiresAt: null,
      });
    }
    return found;
  }

  /** Large attachments of mails the writer holds, to forward: each live and not expired. */
  private async forwarded(
    db: Kysely<Database>,
    largeIds: number[],
    writer: Person,
    keepGone: boolean,
  ) {
    const found = new Map<number, LargeFile>();
    if (largeIds.length === 0) return found;
    const rows = await db
      .selectFrom('mailLargeFile')
      .innerJoin('mail', 'mail.id', 'mailLargeFile.mailId')
      .select((eb) => [
        'mailLargeFile.id',
        'mailLargeFile.itemId',
        'mailLargeFile.fileName',
        'mailLargeFile.size',
        'mailLargeFile.expiresAt',
        holdsMail(eb, writer.id).as('held'),
      ])
      .where('mailLargeFile.id', 'in', largeIds)
      .execute();
    if (rows.length !== largeIds.length && !keepGone) throw notFound(LARGE_GONE);
    if (rows.some((row) => !Number(row.held))) throw forbidden(LARGE_NOT_YOURS);
    const live = await itemFiles(
      db,
      DRIVE_ITEM,
      rows.map((row) => row.itemId),
    );
    const now = iso(this.now());
    for (const row of rows) {
      if (keepGone && (row.expiresAt <= now || !live.has(row.itemId))) continue;
      if (row.expiresAt <= now) throw badRequest(`${LARGE_EXPIRED}：${row.fileName}`);
      if (!live.has(row.itemId)) throw badRequest(`${LARGE_DELETED}：${row.fileName}`);
      found.set(row.id, {
        itemId: row.itemId,
        fileName: row.fileName,
        size: Number(row.size),
        expiresAt: row.expiresAt,
      });
    }
    return found;
  }
}

/** The writer as the read rule asks about them (a scheduled send knows only their id). */
async function authStaffOf(db: Kysely<Database>, staffId: number): Promise<AuthStaff | null> {
  const row = await db
    .selectFrom('staff')
    .select(AUTH_STAFF_COLUMNS)
    .where('id', '=', staffId)
    .executeTakeFirst();
  if (!row || row.status !== 1) return null;
  const { status: _status, ...staff } = row;
  return { ...staff, sessionId: 0 };
}

/**
 * Where a mail names files besides file_use: each large attachment over the drive item whose
 * stored file this is (T_MAIL_LARGE), so the one read rule asks the mail's guard about it.
 */
export const largeFileUses: FileUses = {
  named: async (db, fileId) => {
    const rows = await db
      .selectFrom('mailLargeFile')
      .innerJoin('fileUse', (join) =>
        join
          .onRef('fileUse.objId', '=', 'mailLargeFile.itemId')
          .on('fileUse.infoTable', '=', DRIVE_ITEM),
      )
      .select('mailLargeFile.id')
      .where('fileUse.fileId', '=', fileId)
      .execute();
    return rows.map((row) => ({ infoTable: MAIL_LARGE, objId: row.id }));
  },
};
