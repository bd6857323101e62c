import { defineArea } from '../area.js';
import { MailContactBook } from './contacts.js';
import { MailDrafts, draftHolds } from './drafts.js';
import { Mailbox } from './mailbox.js';
import { MailRecipients } from './recipients.js';
import { mailRoutes } from './routes.js';
import { MailService } from './service.js';
import { mailUploadRoutes } from './upload-routes.js';
import { MailUploads, mailHoldTaken } from './uploads.js';
import { MAIL_UPLOAD } from './attachments.js';
import { unreadRoutes } from './unread-routes.js';
import { ScheduledMail } from './scheduled.js';
import { MailArchive } from './archive.js';
import { mailArchiveRoutes } from './archive-routes.js';
import { LargeFiles, largeFileUses } from './large-files.js';

/** 站内邮件 (intranet.md §3, §7 "Mail"): its files are read by sender and recipients only. */
export const mailArea = defineArea({
  name: 'mail',
  services: ({
    db,
    dialect,
    clock,
    uploads,
    files,
    sessions,
    texts,
    uploadSweep,
    jobs,
    config,
  }) => {
    const mailRecipients = new MailRecipients(db);
    const large = new LargeFiles(db, clock, files.access, config.mailLargeFileDays);
    const mail = new MailService(db, dialect, clock, texts, large);
    const mailDrafts = new MailDrafts(db, clock, mailRecipients, large);
    // An attachment never sent goes after a day, unless a draft of its uploader holds it; a
    // draft keeps a drive upload of theirs too.
    uploadSweep.addHolds({ table: MAIL_UPLOAD, taken: mailHoldTaken });
    uploadSweep.addKeeper(draftHolds);
    const mailbox = new Mailbox(db, texts, large);
    return {
      mail,
      mailbox,
      /** A leaver's mail, for system administrators (邮件归档). */
      mailArchive: new MailArchive(db, mailbox),
      mailRecipients,
      mailContacts: new MailContactBook(db, clock, mailRecipients),
      mailDrafts,
      scheduledMail: new ScheduledMail(db, clock, jobs, mailDrafts, mail),
      mailUploads: new MailUploads(db, uploads, files, clock),
      mailSessions: sessions,
      mailLargeFiles: large,
      mailFiles: files,
    };
  },
  routes: async (api, services) => {
    await api.register(mailRoutes, {
      mail: services.mail,
      mailbox: services.mailbox,
      recipients: services.mailRecipients,
      contacts: services.mailContacts,
      drafts: services.mailDrafts,
      scheduled: services.scheduledMail,
    });
    await api.register(mailArchiveRoutes, { archive: services.mailArchive });
    await api.register(mailUploadRoutes, {
      uploads: services.mailUploads,
      large: services.mailLargeFiles,
      files: services.mailFiles,
    });
    await api.register(unreadRoutes, { mail: services.mail, sessions: services.mailSessions });
  },
  fileGuards: ({ db, texts, clock, files, config }) => [
    new Mailbox(
      db,
      texts,
      new LargeFiles(db, clock, files.access, config.mailLargeFileDays),
    ).fileGuard(),
  ],
  // 超大附件 name their drive files in the mail's own table.
  fileUses: [largeFileUses],
});
