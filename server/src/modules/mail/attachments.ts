import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { heldBy } from '../../platform/files/leases.js';
import { filesInHtml, type FileOwnerTable } from '../../platform/files/uses.js';
import { badFormat, extensionAllowed, type Attachment, type Person } from './rules.js';

/** The file-use record of a mail upload: objId is its uploader. */
export const MAIL_UPLOAD = 'T_MAIL_UPLOAD' satisfies FileOwnerTable;

export const FILE_GONE = '附件不存在，请重新上传';
export const FILE_NOT_YOURS = '只能附上自己上传的文件或收到的附件';

/**
 * Whether `staffId` holds the mail of the row: its sender, or a recipient who
 * has not deleted it. What lets a person read or forward its attachments.
 */
export const holdsMail = (eb: ExpressionBuilder<Database, 'mail'>, staffId: number) =>
  eb.or([
    eb.exists(
      eb
        .selectFrom('mailSent')
        .select('mailSent.id')
        .whereRef('mailSent.mailId', '=', 'mail.id')
        .where('mailSent.staffId', '=', staffId),
    ),
    eb.exists(
      eb
        .selectFrom('mailInbox')
        .select('mailInbox.id')
        .whereRef('mailInbox.mailId', '=', 'mail.id')
        .where('mailInbox.staffId', '=', staffId)
        .where('mailInbox.deleted', '=', 0),
    ),
  ]);

/**
 * Whether a mail is held (sent and kept, or received and not deleted) by an account handed
 * over as a leaver's: such mail is an archive the system administrators read.
 */
export const heldByLeaver = (eb: ExpressionBuilder<Database, 'mail'>) =>
  eb.or([
    eb.exists(
      eb
        .selectFrom('mailSent')
        .innerJoin('staff', 'staff.id', 'mailSent.staffId')
        .select('mailSent.id')
        .whereRef('mailSent.mailId', '=', 'mail.id')
        .where('staff.leftAt', 'is not', null),
    ),
    eb.exists(
      eb
        .selectFrom('mailInbox')
        .innerJoin('staff', 'staff.id', 'mailInbox.staffId')
        .select('mailInbox.id')
        .whereRef('mailInbox.mailId', '=', 'mail.id')
        .where('mailInbox.deleted', '=', 0)
        .where('staff.leftAt', 'is not', null),
    ),
  ]);

/**
 * Of the stored files `ids`, those `person` may put in a mail: their own
 * uploads (and stored files they took as theirs, api/email/attachStoredFile),
 * and the files of mails they hold (a forward's attachments and body pictures).
 */
async function usableFiles(
  db: Kysely<Database>,
  stored: Array<{ id: number; createdBy: number | null }>,
  person: Person,
): Promise<Set<number>> {
  const usable = new Set(stored.filter((row) => row.createdBy === person.id).map((row) => row.id));
  let foreign = stored.filter((row) => !usable.has(row.id)).map((row) => row.id);
  if (foreign.length === 0) return usable;
  const taken = await heldBy(db, { table: MAIL_UPLOAD, objId: person.id }, foreign);
  for (const fileId of taken) usable.add(fileId);
  foreign = foreign.filter((id) => !usable.has(id));
  if (foreign.length === 0) return usable;
  const held = await db
    .selectFrom('fileUse')
    .innerJoin('mail', 'mail.id', 'fileUse.objId')
    .select('fileUse.fileId')
    .where('fileUse.infoTable', '=', 'T_MAIL')
    .where('fileUse.fileId', 'in', foreign)
    .where((eb) => holdsMail(eb, person.id))
    .execute();
  for (const row of held) usable.add(row.fileId);
  return usable;
}

/**
 * The attachments' stored files: each must exist, be the sender's to attach
 * (usableFiles) and have an allowed extension.
 */
export async function checkAttachments(
  db: Kysely<Database>,
  attachments: Attachment[],
  sender: Person,
): Promise<Array<{ fileId: number; fileName: string }>> {
  if (attachments.length === 0) return [];
  const stored = await db
    .selectFrom('storedFile')
    .select(['id', 'fileName', 'createdBy'])
    .where(
      'id',
      'in',
      attachments.map((file) => file.fileId),
    )
    .execute();
  if (stored.length !== attachments.length) throw badRequest(FILE_GONE);
  const usable = await usableFiles(db, stored, sender);
  if (stored.some((row) => !usable.has(row.id))) throw forbidden(FILE_NOT_YOURS);
  const nameOf = new Map(stored.map((row) => [row.id, row.fileName]));
  return attachments.map((file) => {
    const fileName = file.fileName ?? nameOf.get(file.fileId)!;
    if (!extensionAllowed(fileName)) throw badFormat(fileName);
    return { fileId: file.fileId, fileName };
  });
}

/**
 * The pictures and links of a body that the mail may carry to its readers:
 * the sender's own uploads and files of mails they hold. Others (a public
 * news picture) are left to their own rules.
 */
export async function bodyFiles(
  db: Kysely<Database>,
  content: string,
  sender: Person,
): Promise<number[]> {
  const ids = filesInHtml(content);
  if (ids.length === 0) return [];
  const stored = await db
    .selectFrom('storedFile')
    .select(['id', 'createdBy'])
    .where('id', 'in', ids)
    .execute();
  return [...(await usableFiles(db, stored, sender))];
}
