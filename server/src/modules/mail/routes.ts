import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { mailCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { idsOf } from '../../http/id-list.js';
import type { Mailbox } from './mailbox.js';
import type { MailRecipients } from './recipients.js';
import type { MailService } from './service.js';
import type { MailContactBook } from './contacts.js';
import type { DraftInput, MailDrafts } from './drafts.js';
import type { ScheduledMail } from './scheduled.js';

/** A draft (saved, or scheduled to go) as the compose page sends it, in the drafts' own names. */
function draftOf<
  Body extends {
    draftId?: number;
    idRoleReceiveArr?: string;
    inmailTitle?: string;
    inmailContent?: string;
    fileList?: string;
    largeFileList?: string;
  },
>(body: Body): DraftInput & { recipients: Body['idRoleReceiveArr']; title: Body['inmailTitle'] } {
  return {
    draftId: body.draftId,
    recipients: body.idRoleReceiveArr,
    title: body.inmailTitle,
    content: body.inmailContent,
    fileList: body.fileList,
    largeFileList: body.largeFileList,
  };
}

/** 站内邮件 (api/email/*), staff only; the person always comes from the session. */
export const mailRoutes: FastifyPluginAsyncTypebox<{
  mail: MailService;
  mailbox: Mailbox;
  recipients: MailRecipients;
  contacts: MailContactBook;
  drafts: MailDrafts;
  scheduled: ScheduledMail;
}> = async (app, { mail, mailbox, recipients, contacts, drafts, scheduled }) => {
  route(app, mailCalls.send, async (request) => {
    const { idRoleReceiveArr, inmailTitle, inmailContent, fileList, largeFileList, draftId } =
      request.body;
    const staff = staffOf(request);
    const input = {
      recipients: idsOf(idRoleReceiveArr),
      title: inmailTitle,
      content: inmailContent,
      fileList,
      largeFileList,
      draftId,
    };
    return ok(await mail.send(input, staff), '发送成功');
  });

  route(app, mailCalls.receiveList, async (request) => {
    const { inmainState, keyword, pageNum, pageSize } = request.body;
    const staff = staffOf(request);
    return ok(
      await mailbox.received(staff, { state: inmainState, keyword }, { pageNum, pageSize }),
    );
  });

  route(app, mailCalls.sendList, async (request) => {
    const { inmainState, keyword, pageNum, pageSize } = request.body;
    const staff = staffOf(request);
    return ok(await mailbox.sent(staff, { state: inmainState, keyword }, { pageNum, pageSize }));
  });

  route(app, mailCalls.detail, async (request) => {
    const { inmailId, receiveId, sendId } = request.body;
    return ok(await mailbox.detail(inmailId, staffOf(request), { receiveId, sendId }));
  });

  route(app, mailCalls.markRead, async (request) =>
    ok(await mail.markRead(request.body.receiveId, staffOf(request))),
  );

  route(app, mailCalls.unreadNum, async (request) => {
    const staff = staffOf(request);
    return ok(await mail.unreadCount(staff));
  });

  route(app, mailCalls.delReceive, async (request) => {
    await mail.deleteReceived(idsOf(request.body.receiveIdArr), staffOf(request));
    return ok(null, '删除成功');
  });

  route(app, mailCalls.delSend, async (request) => {
    await mail.deleteSent(idsOf(request.body.sendIdArr), staffOf(request));
    return ok(null, '删除成功');
  });

  route(app, mailCalls.recall, async (request) => {
    await mail.recall(request.body.sendId, staffOf(request));
    return ok(null, '撤回成功');
  });

  route(app, mailCalls.selectStaff, async (request) => {
    return ok(await recipients.search(request.body.staffName));
  });

  route(app, mailCalls.deptTree, async () => ok(await recipients.tree()));

  route(app, mailCalls.deptStaff, async (request) => {
    return ok(await recipients.ofDepartment(request.body.deptId));
  });

  route(app, mailCalls.getContacts, async (request) => {
    const staff = staffOf(request);
    return ok(await contacts.list(staff));
  });

  route(app, mailCalls.addContacts, async (request) => {
    const { contactsType, contactsNote, idRoleArr } = request.body;
    const staff = staffOf(request);
    if (contactsType === 1) await contacts.addSingles(staff, idsOf(idRoleArr));
    else await contacts.addGroup(staff, contactsNote, idsOf(idRoleArr));
    return ok(null, '新增成功');
  });

  route(app, mailCalls.delContacts, async (request) => {
    const { contactIdArr, frequentcontactsIdArr } = request.body;
    const staff = staffOf(request);
    if (!contactIdArr && !frequentcontactsIdArr) throw badRequest('请选择要移除的联系人');
    // Groups first: both in one call are removed or refused together as far as the checks go.
    if (frequentcontactsIdArr) await contacts.removeGroups(staff, idsOf(frequentcontactsIdArr));
    if (contactIdArr) await contacts.removeSingles(staff, idsOf(contactIdArr));
    return ok(null, '移除成功');
  });

  route(app, mailCalls.saveDraft, async (request) =>
    ok(await drafts.save(draftOf(request.body), staffOf(request)), '草稿已保存'),
  );

  route(app, mailCalls.draftList, async (request) => {
    const { keyword, pageNum, pageSize } = request.body;
    return ok(await drafts.list(staffOf(request), keyword, { pageNum, pageSize }));
  });

  route(app, mailCalls.draftDetail, async (request) =>
    ok(await drafts.detail(request.body.draftId, staffOf(request))),
  );

  route(app, mailCalls.delDraft, async (request) => {
    await drafts.remove(idsOf(request.body.draftIdArr), staffOf(request));
    return ok(null, '删除成功');
  });

  route(app, mailCalls.schedule, async (request) => {
    const { body } = request;
    const answer = await scheduled.schedule(draftOf(body), body.sendTime, staffOf(request));
    return ok(answer, `已定时，将于 ${answer.sendTime.slice(0, 16)} 发送`);
  });

  route(app, mailCalls.scheduledList, async (request) => {
    const { pageNum, pageSize } = request.body;
    return ok(await drafts.scheduled(staffOf(request), { pageNum, pageSize }));
  });

  route(app, mailCalls.cancelSchedule, async (request) => {
    await drafts.unschedule(request.body.draftId, staffOf(request));
    return ok(null, '已取消定时发送，邮件已存入草稿箱');
  });
};
