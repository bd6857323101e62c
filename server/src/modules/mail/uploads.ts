import type { Readable } from 'node:stream';
import { MAIL_EXTENSIONS, MAIL_FILE_MAX_BYTES, type MailUpload } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { fileUrl, type FileService } from '../../platform/files/service.js';
import type { HoldCondition } from '../../platform/files/upload-sweep.js';
import {
  cleanFileName,
  type UploadService,
  type UploadedFile,
} from '../../platform/files/upload.js';
import { FILE_GONE, MAIL_UPLOAD } from './attachments.js';
import { badFormat, extensionAllowed, type Person } from './rules.js';
import { iso, type Clock } from '../../time.js';

/** An attachment's size limit; the editor's pictures have the platform's picture limit. */
export const MAIL_FILE_MAX = MAIL_FILE_MAX_BYTES;
const EXTENSIONS: ReadonlySet<string> = new Set(MAIL_EXTENSIONS);

/**
 * Files for mails: attachments from the mail's extension list, checked by
 * their bytes, and the editor's pictures. An upload is its uploader's alone
 * until a mail carries it (the file-use record T_MAIL_UPLOAD, with when it
 * began: an upload no mail or draft of its uploader took up is removed after
 * a day, platform/files/upload-sweep.ts).
 */
export class MailUploads {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly uploads: UploadService,
    private readonly files: FileService,
    private readonly now: Clock,
  ) {}

  /**
   * A file already stored that the person may read (a teaching-drive file, a
   * news attachment), made one of their uploads under `fileName` (its own name
   * when blank): nothing is copied, the mail will carry the same bytes.
   */
  async attachStored(
    fileId: number,
    fileName: string | undefined,
    owner: AuthStaff,
  ): Promise<MailUpload> {
    const file = await this.files.findWithFacts(fileId);
    if (!file) throw notFound(FILE_GONE);
    await this.files.access.assertReadable(file, owner);
    const name = cleanFileName(fileName?.trim() || file.fileName);
    if (!extensionAllowed(name)) throw badFormat(name);
    const size = Number(file.size);
    if (size > MAIL_FILE_MAX) {
      throw new AppError(413, `文件过大，最大 ${MAIL_FILE_MAX / 1024 / 1024} MB`);
    }
    await this.hold(fileId, owner.id);
    const url = fileUrl(fileId);
    return { fileId, fileName: name, url, src: url, fileSize: size };
  }

  async attachment(fileName: string, owner: Person, source: Readable): Promise<MailUpload> {
    const input = { fileName, createdBy: owner.id, maxBytes: MAIL_FILE_MAX };
    return this.recorded(await this.uploads.attachment(input, EXTENSIONS, source), owner);
  }

  async picture(fileName: string, owner: Person, bytes: Buffer): Promise<MailUpload> {
    return this.recorded(await this.uploads.image(fileName, owner.id, bytes), owner);
  }

  /** Holds a file for its uploader from now (taken again: its day starts over). */
  private async hold(fileId: number, ownerId: number): Promise<void> {
    const createdAt = iso(this.now());
    await this.db
      .insertInto('fileUse')
      .values({ fileId, infoTable: MAIL_UPLOAD, objId: ownerId, createdAt })
      .onConflict((conflict) =>
        conflict.columns(['infoTable', 'objId', 'fileId']).doUpdateSet({ createdAt }),
      )
      .execute();
  }

  private async recorded(file: UploadedFile, owner: Person): Promise<MailUpload> {
    await this.hold(file.fileId, owner.id);
    return {
      fileId: file.fileId,
      fileName: file.fileName,
      url: file.url,
      src: file.url,
      fileSize: file.size,
    };
  }
}

/**
 * A mail upload is taken up once a mail its uploader sent carries it (as an
 * attachment or in the body).
 */
export const mailHoldTaken: HoldCondition = (eb) =>
  eb.or([
    eb.exists(
      eb
        .selectFrom('mailFile')
        .innerJoin('mail', 'mail.id', 'mailFile.mailId')
        .select('mailFile.mailId')
        .whereRef('mailFile.fileId', '=', 'fileUse.fileId')
        .whereRef('mail.senderId', '=', 'fileUse.objId'),
    ),
    eb.exists(
      eb
        .selectFrom('fileUse as mailUse')
        .innerJoin('mail', 'mail.id', 'mailUse.objId')
        .select('mailUse.objId')
        .where('mailUse.infoTable', '=', 'T_MAIL')
        .whereRef('mailUse.fileId', '=', 'fileUse.fileId')
        .whereRef('mail.senderId', '=', 'fileUse.objId'),
    ),
  ]);
