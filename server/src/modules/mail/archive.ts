import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { orNotFound } from '../../http/errors.js';
import type { Paging } from '../../http/paging.js';
import type { ListFilter, Mailbox } from './mailbox.js';
import type { Person } from './rules.js';

export const NO_ARCHIVE_MESSAGE = '该用户没有邮件归档（只有已办理离职交接的用户有）';

/**
 * 邮件归档: the mail of an account handed over as a leaver's (离职交接) stays as
 * it was, and system administrators (checked at the route's gate) read its
 * boxes and mails through the leaver's own views, read-only. Accounts still
 * in service have no archive: their mail is their own.
 */
export class MailArchive {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mailbox: Mailbox,
  ) {}

  async received(staffId: number, filter: ListFilter, paging: Paging) {
    return this.mailbox.received(await this.leaver(staffId), filter, paging);
  }

  async sent(staffId: number, filter: ListFilter, paging: Paging) {
    return this.mailbox.sent(await this.leaver(staffId), filter, paging);
  }

  async detail(staffId: number, mailId: number, entry: { receiveId?: number; sendId?: number }) {
    return this.mailbox.detail(mailId, await this.leaver(staffId), entry);
  }

  private async leaver(staffId: number): Promise<Person> {
    const row = await orNotFound(
      this.db
        .selectFrom('staff')
        .select('id')
        .where('id', '=', staffId)
        .where('leftAt', 'is not', null),
      NO_ARCHIVE_MESSAGE,
    );
    return row;
  }
}
