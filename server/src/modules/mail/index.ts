import { defineArea } from '../area.js';
import { Mailbox } from './mailbox.js';
import { MailRecipients } from './recipients.js';
import { mailRoutes } from './routes.js';
import { MailService } from './service.js';

/** 站内邮件 (intranet.md §3, §7 "Mail"): its attachments are read by sender and recipients only. */
export const mailArea = defineArea({
  name: 'mail',
  services: ({ db, dialect, clock }) => ({
    mail: new MailService(db, dialect, clock),
    mailbox: new Mailbox(db),
    mailRecipients: new MailRecipients(db),
  }),
  routes: async (api, services) => {
    await api.register(mailRoutes, {
      mail: services.mail,
      mailbox: services.mailbox,
      recipients: services.mailRecipients,
    });
  },
  fileGuards: ({ db }) => [new Mailbox(db).fileGuard()],
});
