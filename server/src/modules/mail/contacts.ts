import {
  MAIL_GROUP_NOTE_MAX,
  MAIL_RECIPIENTS_MAX,
  type ContactStaff,
  type MailContacts,
} from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { ContactStore } from '../../platform/org/contacts.js';
import { allActive } from '../../platform/org/accounts.js';
import { iso, type Clock } from '../../time.js';
import type { MailRecipients } from './recipients.js';
import type { Person } from './rules.js';

/** Groups one person may keep. */
export const GROUPS_MAX = 100;
export const GROUP_GONE = '分组不存在或已移除';
export const NOT_YOUR_GROUP = '只能移除自己的分组';

/**
 * The mail's frequent contacts: single people (the same list as the address
 * book's) and groups with a note (contactsType 2), each chosen at once as
 * recipients. Members who left the school are not offered.
 */
export class MailContactBook {
  private readonly singles: ContactStore;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly recipients: MailRecipients,
  ) {
    this.singles = new ContactStore(db, now);
  }

  async list(owner: Person): Promise<MailContacts> {
    const [singles, groups] = await Promise.all([
      this.singles.list(owner.id),
      this.db
        .selectFrom('contactGroup')
        .select(['id', 'note'])
        .where('ownerId', '=', owner.id)
        .orderBy('id')
        .execute(),
    ]);
    const members = groups.length
      ? await this.db
          .selectFrom('contactGroupMember')
          .innerJoin('staff', 'staff.id', 'contactGroupMember.staffId')
          .select(['contactGroupMember.groupId', 'staff.id'])
          .where(
            'contactGroupMember.groupId',
            'in',
            groups.map((group) => group.id),
          )
          .where('staff.status', '=', 1)
          .orderBy('contactGroupMember.sort')
          .execute()
      : [];
    const people = await this.recipients.byIds([
      ...new Set([...singles.map((row) => row.id), ...members.map((row) => row.id)]),
    ]);
    const asContact = (staffId: number): ContactStaff => {
      const person = people.get(staffId)!;
      return {
        contactId: staffId,
        staffId,
        staffName: person.staffName,
        email: person.email,
        deptName: person.deptName,
      };
    };
    return {
      frequentcontactsStaffList: singles.map((row) => asContact(row.id)),
      frequentContactsList: groups.map((group) => ({
        frequentcontactsId: group.id,
        contactsNote: group.note,
        frequentcontactsStaffList: members
          .filter((row) => row.groupId === group.id)
          .map((row) => asContact(row.id)),
      })),
    };
  }

  addSingles(owner: Person, staffIds: number[]): Promise<void> {
    return this.singles.add(owner.id, staffIds);
  }

  /** A new group of active staff (the owner may be among them: a group mail reaches everyone). */
  async addGroup(owner: Person, note: string | undefined, staffIds: number[]): Promise<number> {
    const text = (note ?? '').trim();
    if (!text) throw badRequest('请填写分组备注');
    if ([...text].length > MAIL_GROUP_NOTE_MAX) {
      throw badRequest(`分组备注不能超过${MAIL_GROUP_NOTE_MAX}个字`);
    }
    if (staffIds.length === 0) throw badRequest('请选择联系人');
    if (staffIds.length > MAIL_RECIPIENTS_MAX) {
      throw badRequest(`一个分组不能超过${MAIL_RECIPIENTS_MAX}人`);
    }
    return inTransaction(this.db, async (trx) => {
      const count = await trx
        .selectFrom('contactGroup')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ownerId', '=', owner.id)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= GROUPS_MAX) throw badRequest(`分组最多${GROUPS_MAX}个`);
      if (!(await allActive(trx, staffIds))) throw badRequest('联系人不存在或已停用');
      const { id } = await trx
        .insertInto('contactGroup')
        .values({ ownerId: owner.id, note: text, createdAt: iso(this.now()) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('contactGroupMember')
        .values(staffIds.map((staffId, sort) => ({ groupId: id, staffId, sort })))
        .execute();
      return id;
    });
  }

  removeSingles(owner: Person, staffIds: number[]): Promise<void> {
    return this.singles.remove(owner.id, staffIds);
  }

  /** Removes the owner's groups; a group of another person is refused, nothing removed. */
  async removeGroups(owner: Person, groupIds: number[]): Promise<void> {
    if (groupIds.length === 0) throw badRequest('请选择要移除的分组');
    await inTransaction(this.db, async (trx) => {
      const rows = await trx
        .selectFrom('contactGroup')
        .select(['id', 'ownerId'])
        .where('id', 'in', groupIds)
        .execute();
      if (rows.some((row) => row.ownerId !== owner.id)) throw forbidden(NOT_YOUR_GROUP);
      if (rows.length !== groupIds.length) throw notFound(GROUP_GONE);
      await trx.deleteFrom('contactGroupMember').where('groupId', 'in', groupIds).execute();
      await trx.deleteFrom('contactGroup').where('id', 'in', groupIds).execute();
    });
  }
}
