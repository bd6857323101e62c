import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest } from '../../http/errors.js';
import { iso, type Clock } from '../../time.js';
import { allActive } from './accounts.js';

/** How many people one add may name. */
export const CONTACTS_ADD_MAX = 100;

/**
 * Each person's single frequent contacts (常用联系人, contactsType 1): one
 * list, kept by the address book and offered by the mail's compose view.
 * A contact is named by the person's staff id (contactId).
 */
export class ContactStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  /** The owner's contacts still active, in the order they were added. */
  list(ownerId: number) {
    return this.db
      .selectFrom('contact')
      .innerJoin('staff', 'staff.id', 'contact.staffId')
      .select(['staff.id', 'staff.name', 'staff.phone', 'staff.email', 'staff.photoFileId'])
      .where('contact.ownerId', '=', ownerId)
      .where('staff.status', '=', 1)
      .orderBy('contact.id')
      .execute();
  }

  /** Which of `staffIds` are among the owner's contacts. */
  async among(ownerId: number, staffIds: number[]): Promise<Set<number>> {
    if (staffIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('contact')
      .select('staffId')
      .where('ownerId', '=', ownerId)
      .where('staffId', 'in', staffIds)
      .execute();
    return new Set(rows.map((row) => row.staffId));
  }

  /** Adds active staff to the owner's contacts; those already there stay once. */
  async add(ownerId: number, staffIds: number[]): Promise<void> {
    if (staffIds.length === 0) throw badRequest('请选择联系人');
    if (staffIds.length > CONTACTS_ADD_MAX) {
      throw badRequest(`一次最多添加${CONTACTS_ADD_MAX}位联系人`);
    }
    if (staffIds.includes(ownerId)) throw badRequest('不能把自己添加为常用联系人');
    await inTransaction(this.db, async (trx) => {
      if (!(await allActive(trx, staffIds))) throw badRequest('联系人不存在或已停用');
      const createdAt = iso(this.now());
      await trx
        .insertInto('contact')
        .values(staffIds.map((staffId) => ({ ownerId, staffId, createdAt })))
        .onConflict((oc) => oc.columns(['ownerId', 'staffId']).doNothing())
        .execute();
    });
  }

  /** Removes the owner's contacts named by staff id; none of them the owner's: refused. */
  async remove(ownerId: number, staffIds: number[]): Promise<void> {
    if (staffIds.length === 0) throw badRequest('请选择要移除的联系人');
    const result = await this.db
      .deleteFrom('contact')
      .where('ownerId', '=', ownerId)
      .where('staffId', 'in', staffIds)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw badRequest('移除失败：不是您的常用联系人');
  }
}
