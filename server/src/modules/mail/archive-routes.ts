import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { mailCalls } from '@school/common/api';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { MailArchive } from './archive.js';

/** 邮件归档 (api/email/archive/*): a leaver's mail, for system administrators (the gate checks). */
export const mailArchiveRoutes: FastifyPluginAsyncTypebox<{ archive: MailArchive }> = async (
  app,
  { archive },
) => {
  route(app, mailCalls.archiveReceiveList, async (request) => {
    const { staffId, inmainState, keyword, pageNum, pageSize } = request.body;
    return ok(
      await archive.received(staffId, { state: inmainState, keyword }, { pageNum, pageSize }),
    );
  });

  route(app, mailCalls.archiveSendList, async (request) => {
    const { staffId, inmainState, keyword, pageNum, pageSize } = request.body;
    return ok(await archive.sent(staffId, { state: inmainState, keyword }, { pageNum, pageSize }));
  });

  route(app, mailCalls.archiveDetail, async (request) => {
    const { staffId, inmailId, receiveId, sendId } = request.body;
    return ok(await archive.detail(staffId, inmailId, { receiveId, sendId }));
  });
};
