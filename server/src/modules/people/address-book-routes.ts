import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { addressBookCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { idsOf } from '../../http/id-list.js';
import { CONTACT_ADDED, CONTACT_REMOVED, type AddressBook } from './address-book.js';

/** The address book (通讯录) and frequent contacts (常用联系人) of logged-in staff. */
export const addressBookRoutes: FastifyPluginAsyncTypebox<{ book: AddressBook }> = async (
  app,
  { book },
) => {
  route(app, addressBookCalls.tree, async () => ok(await book.tree()));

  route(app, addressBookCalls.list, async (request) => {
    const { deptId, teaPhone, pageNum, pageSize } = request.body;
    const staff = staffOf(request);
    return ok(await book.list({ deptId, phoneOrName: teaPhone }, staff, { pageNum, pageSize }));
  });

  route(app, addressBookCalls.contacts, async (request) => {
    const staff = staffOf(request);
    return ok(await book.contacts(staff));
  });

  route(app, addressBookCalls.add, async (request) => {
    const staff = staffOf(request);
    await book.add(staff, idsOf(request.body.idRoleArr));
    return ok(null, CONTACT_ADDED);
  });

  route(app, addressBookCalls.remove, async (request) => {
    await book.remove(staffOf(request), idsOf(request.body.contactIdArr));
    return ok(null, CONTACT_REMOVED);
  });
};
