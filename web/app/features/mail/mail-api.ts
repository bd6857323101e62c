import type { MailUpload } from '@school/common/api';
import { call } from '../../api/client';
import { uploadTo } from '../../components/editor/uploads';
import { largeOf, mailPayload, type ComposeDraft, type Recipient } from './mail-data';

/** The calls of the mail page (common/src/api/mail.ts), typed. */

/** Uploads an attachment or a body picture to `api/email/upload`. */
export const uploadMailFile = (
  kind: 'image' | 'attachment',
  file: File,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
) => uploadTo<MailUpload>(`/api/email/upload?kind=${kind}`, file, onProgress, signal);

/** 从网盘添加: a stored file the writer may read becomes one of their attachments. */
export const attachStoredFile = (fileId: number, fileName: string) =>
  call('email/attachStoredFile', { fileId, fileName });

/** 超大附件: a finished upload (tus, my disk) kept in the disk's folder 超大附件. */
export const saveLargeAttachment = (url: string, fileName: string) =>
  call('resources/saveLargeAttachment', { resourcesPath: url, resourcesName: fileName });

export const searchStaff = (staffName: string) =>
  call('email/selectStaff', { staffName, staffType: 2 });

export const departmentStaff = (deptId: number) => call('email/getDeptStaff', { deptId });

export const sendMail = (draft: ComposeDraft, staffId: number) =>
  call('email/sendEmail', {
    ...mailPayload(draft),
    idRoleSend: staffId,
    inmainState: 1,
  });

export const saveDraft = (draft: ComposeDraft) => call('email/saveDraft', mailPayload(draft));

/** 定时发送: the mail goes at `sendTime` (YYYY-MM-DD HH:mm, Beijing time); answers the message. */
export const scheduleMail = (draft: ComposeDraft, sendTime: string) =>
  call('email/scheduleEmail', { ...mailPayload(draft), sendTime });

/** The scheduled mail goes back to the draft box. */
export const cancelSchedule = (draftId: number) => call('email/cancelSchedule', { draftId });

export async function openDraft(draftId: number): Promise<ComposeDraft> {
  const draft = await call('email/getDraft', { draftId });
  return {
    draftId: draft.draftId,
    title: draft.inmailTitle,
    content: draft.inmailContent,
    recipients: draft.staffInfoList.map(toRecipient),
    files: draft.fileList.map((f) => ({ fileId: f.fileId, fileName: f.fileName, url: f.filePath })),
    largeFiles: largeOf(draft),
    ...(draft.sendTime && { sendTime: draft.sendTime }),
    ...(draft.sendError && { sendError: draft.sendError }),
  };
}

export const toRecipient = (staff: {
  staffId: number;
  staffName: string;
  deptName?: string | null;
}): Recipient => ({ staffId: staff.staffId, staffName: staff.staffName, deptName: staff.deptName });
