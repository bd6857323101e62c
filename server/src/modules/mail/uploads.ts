import type { Readable } from 'node:stream';
import { MAIL_EXTENSIONS, type MailUpload } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { UploadService, UploadedFile } from '../../platform/files/upload.js';
import { MAIL_UPLOAD } from './attachments.js';
import type { Person } from './service.js';

/** An attachment's size limit; the editor's pictures have the platform's picture limit. */
export const MAIL_FILE_MAX = 100 * 1024 * 1024;
const EXTENSIONS: ReadonlySet<string> = new Set(MAIL_EXTENSIONS);

/**
 * Files for mails: attachments from the mail's extension list, checked by
 * their bytes, and the editor's pictures. An upload is its uploader's alone
 * until a mail carries it (the file-use record T_MAIL_UPLOAD).
 */
export class MailUploads {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly uploads: UploadService,
  ) {}

  async attachment(fileName: string, owner: Person, source: Readable): Promise<MailUpload> {
    const input = { fileName, createdBy: owner.id, maxBytes: MAIL_FILE_MAX };
    return this.recorded(await this.uploads.attachment(input, EXTENSIONS, source), owner);
  }

  async picture(fileName: string, owner: Person, bytes: Buffer): Promise<MailUpload> {
    return this.recorded(await this.uploads.image(fileName, owner.id, bytes), owner);
  }

  private async recorded(file: UploadedFile, owner: Person): Promise<MailUpload> {
    await this.db
      .insertInto('fileUse')
      .values({ fileId: file.fileId, infoTable: MAIL_UPLOAD, objId: owner.id })
      .execute();
    return {
      fileId: file.fileId,
      fileName: file.fileName,
      url: file.url,
      src: file.url,
      fileSize: file.size,
    };
  }
}
