import { MAIL_BODY_MAX, MAIL_EXTENSIONS, MAIL_FILES_MAX } from '@school/common';
import type { MailDetail } from '@school/common/api';

/** Titles in the mail lists are cut after this many characters (intranet.md §5). */
export const LIST_TITLE_MAX = 20;

/** A chosen recipient: the person's staff id and name. */
export interface Recipient {
  staffId: number;
  staffName: string;
  deptName?: string | null;
}

/** An attachment of the mail being written (uploaded, or carried from a forwarded mail). */
export interface AttachedFile {
  fileId: number;
  fileName: string;
  url?: string;
}

/**
 * 超大附件 of the mail being written: a file kept in the writer's drive (resourcesId), or one
 * carried from a forwarded mail (largeId, with its expiry and state).
 */
export interface LargeAttached {
  resourcesId?: number;
  largeId?: number;
  fileName: string;
  fileSize: number;
  /** When the link ends; unset until sent (a file of one's drive). */
  expireDate?: string;
  state?: 'ok' | 'expired' | 'deleted';
}

/** Everything the compose view holds; a draft is saved from it. */
export interface ComposeDraft {
  recipients: Recipient[];
  title: string;
  content: string;
  files: AttachedFile[];
  /** 超大附件 (beyond the spec). */
  largeFiles?: LargeAttached[];
  draftId?: number;
  /** 定时发送: when a scheduled mail goes (YYYY-MM-DD HH:mm:ss), unset for a plain draft. */
  sendTime?: string;
  /** Why it could not go when its time came (定时发送未成功：…), until it is saved again. */
  sendError?: string;
}

export const emptyDraft = (): ComposeDraft => ({
  recipients: [],
  title: '',
  content: '',
  files: [],
});

/** The views of the page (intranet.md §2 writEmail, plus 草稿箱 and 待发送). */
export type MailView =
  'write' | 'inbox' | 'sent' | 'detail' | 'success' | 'contacts' | 'drafts' | 'scheduled';
export type ListView = 'inbox' | 'sent' | 'drafts' | 'scheduled';

const VIEWS: MailView[] = [
  'write',
  'inbox',
  'sent',
  'detail',
  'success',
  'contacts',
  'drafts',
  'scheduled',
];

/**
 * The view an address asks for: `view` as the page keeps it, else the old
 * `choosePag` (1 write, 2 sent box), else writing.
 */
export function viewOf(params: URLSearchParams): MailView {
  const view = params.get('view') as MailView | null;
  if (view && VIEWS.includes(view)) return view;
  return params.get('choosePag') === '2' ? 'sent' : 'write';
}

export const isListView = (view: string | null): view is ListView =>
  view === 'inbox' || view === 'sent' || view === 'drafts' || view === 'scheduled';

/** A list title: over 20 characters it is cut with an ellipsis. */
export function cutTitle(title: string, max = LIST_TITLE_MAX): string {
  const chars = Array.from(title || '');
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

const positiveId = (value: unknown): number | null => {
  const id = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The `addressee` query: a JSON list of people, each with staffId or idRole
 * and staffName. Anything unreadable is left out; a person appears once.
 */
export function parseAddressee(raw: string | null | undefined): Recipient[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  const people: Recipient[] = [];
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const entry = item as Record<string, unknown>;
    const staffId = positiveId(entry.staffId) ?? positiveId(entry.idRole);
    if (staffId === null || people.some((p) => p.staffId === staffId)) continue;
    const name = typeof entry.staffName === 'string' ? entry.staffName.trim() : '';
    people.push({ staffId, staffName: name || String(staffId) });
  }
  return people;
}

/** Adds people not chosen yet, keeping the order. */
export function addRecipients(chosen: Recipient[], more: Recipient[]): Recipient[] {
  const next = [...chosen];
  for (const person of more) {
    if (!next.some((p) => p.staffId === person.staffId)) next.push(person);
  }
  return next;
}

/** The lower-case extension of a file name ('' without one). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

const ALLOWED = new Set<string>(MAIL_EXTENSIONS);

/** What the picker accepts (the server checks again). */
export const ATTACHMENT_ACCEPT = MAIL_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/**
 * Why a file may not be attached when `count` are attached (or on their way)
 * already: the limit of 20, or a type outside the list; null when it may.
 */
export function attachmentProblem(name: string, count: number): string | null {
  if (count >= MAIL_FILES_MAX) return `附件最多${MAIL_FILES_MAX}个`;
  if (!ALLOWED.has(extensionOf(name))) return '不符合格式文件';
  return null;
}

const ENTITIES: Record<string, string> = {
  '&nbsp;': ' ',
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** The text of an HTML body, tags left out (what the 2500-character limit counts). */
export function bodyText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d|\/blockquote)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&amp;|&lt;|&gt;|&quot;|&#39;/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\n+$/, '');
}

/** Characters of text in a body, line breaks not counted. */
export const bodyLength = (html: string) => Array.from(bodyText(html).replace(/\n/g, '')).length;

export const bodyTooLong = (html: string) => bodyLength(html) > MAIL_BODY_MAX;

/** The hint before a send when the new text mentions 附件 and nothing is attached. */
export const ATTACHMENT_HINT = '正文提到附件，但没有添加附件，仍要发送吗？';

/** The quoted original's heading line (quotedOriginal), where the writer's own text ends. */
const QUOTE_HEADING = /^-{6,}\s*(原始邮件|转发的邮件)\s*-{6,}$/m;

/** What the writer typed: the body above a quoted original (its heading or its quote block). */
export function newText(html: string): string {
  const quote = html.search(/<blockquote\b/i);
  const text = bodyText(quote >= 0 ? html.slice(0, quote) : html);
  const heading = text.search(QUOTE_HEADING);
  return heading >= 0 ? text.slice(0, heading) : text;
}

/**
 * Before sending, a confirm (ATTACHMENT_HINT) when the writer's own text
 * mentions 附件 and nothing is attached: they likely forgot it. The quoted
 * original of a reply is not read (it mentions its own attachments).
 * intranet.md §5 words it the other way round, which would ask on nearly
 * every mail; see docs/decisions/mail.md.
 */
export function asksAboutAttachments(html: string, fileCount: number): boolean {
  return fileCount === 0 && newText(html).includes('附件');
}

/** Why a mail may not go yet, in the order a person fixes it; null when it may. */
export function sendProblem(draft: ComposeDraft): string | null {
  if (draft.recipients.length === 0) return '请选择收件人';
  if (!draft.title.trim()) return '请填写主题';
  if (bodyTooLong(draft.content)) return `正文不能超过${MAIL_BODY_MAX}个字`;
  if (draft.files.length > MAIL_FILES_MAX) return `附件最多${MAIL_FILES_MAX}个`;
  return null;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The fields of a send or a draft save. */
export function mailPayload(draft: ComposeDraft) {
  return {
    idRoleReceiveArr: draft.recipients.map((p) => p.staffId).join(','),
    inmailTitle: draft.title.trim(),
    inmailContent: draft.content,
    fileList: JSON.stringify(draft.files.map((f) => ({ fileId: f.fileId, fileName: f.fileName }))),
    // 超大附件 only when there are some: the spec's payload stays as it was.
    ...(draft.largeFiles?.length
      ? {
          largeFileList: JSON.stringify(
            draft.largeFiles.map((f) =>
              f.resourcesId !== undefined
                ? { resourcesId: f.resourcesId, fileName: f.fileName }
                : { largeId: f.largeId, fileName: f.fileName },
            ),
          ),
        }
      : {}),
    draftId: draft.draftId,
  };
}

/**
 * A subject with the prefix Chinese mail clients write (回复：, 转发：), the
 * old site's demo mails too; an earlier prefix of the same kind is not
 * repeated (回复：回复：…), in either width of colon or as Re:/Fw:.
 */
export function prefixedTitle(prefix: '回复' | '转发', title: string): string {
  const earlier = prefix === '回复' ? /^\s*(回复|Re)\s*[:：]\s*/i : /^\s*(转发|Fwd?)\s*[:：]\s*/i;
  return `${prefix}：${title.replace(earlier, '')}`;
}

/**
 * The original mail quoted under the writer's reply or forward: who sent it,
 * when, to whom, its subject, then its body in a quote block. An empty
 * paragraph above leaves the writer room to type.
 */
export function quotedOriginal(mail: MailDetail, heading: string): string {
  const names = mail.staffInfoList.map((p) => p.staffName).join('、');
  const header = [
    `<p>------------------ ${heading} ------------------</p>`,
    `<p>发件人：${escapeHtml(mail.sendName)}</p>`,
    `<p>时间：${escapeHtml(mail.createDate)}</p>`,
    names ? `<p>收件人：${escapeHtml(names)}</p>` : '',
    `<p>主题：${escapeHtml(mail.inmailTitle)}</p>`,
  ].join('');
  return `<p></p>${header}<blockquote>${mail.inmailContent || '<p></p>'}</blockquote>`;
}

/** 回复: to the sender, subject 回复：, the original quoted below. */
export function replyDraft(mail: MailDetail): ComposeDraft {
  return {
    ...emptyDraft(),
    recipients: [{ staffId: mail.sendStaffId, staffName: mail.sendName }],
    title: prefixedTitle('回复', mail.inmailTitle),
    content: quotedOriginal(mail, '原始邮件'),
  };
}

/**
 * 回复全部: to the sender and every other recipient (not the writer
 * themselves), subject 回复：, the original quoted below.
 */
export function replyAllDraft(mail: MailDetail, myStaffId: number): ComposeDraft {
  const others = mail.staffInfoList
    .filter((p) => p.staffId !== myStaffId)
    .map((p) => ({ staffId: p.staffId, staffName: p.staffName }));
  const sender = { staffId: mail.sendStaffId, staffName: mail.sendName };
  const recipients = addRecipients(mail.sendStaffId === myStaffId ? [] : [sender], others);
  return { ...replyDraft(mail), recipients };
}

/** 转发: subject 转发：, the original quoted below, the attachments carried. */
export function forwardDraft(mail: MailDetail): ComposeDraft {
  return {
    ...emptyDraft(),
    title: prefixedTitle('转发', mail.inmailTitle),
    content: quotedOriginal(mail, '转发的邮件'),
    files: mail.fileList.map((f) => ({ fileId: f.fileId, fileName: f.fileName, url: f.filePath })),
    // 超大附件 still to be opened go along, their links ending when the original's do.
    largeFiles: largeOf(mail).filter((f) => f.state === 'ok'),
  };
}

/** 重新发送: the same recipients, subject and body, to write again. */
export function resendDraft(mail: MailDetail): ComposeDraft {
  return {
    recipients: mail.staffInfoList.map((p) => ({ staffId: p.staffId, staffName: p.staffName })),
    title: mail.inmailTitle,
    content: mail.inmailContent,
    files: mail.fileList.map((f) => ({ fileId: f.fileId, fileName: f.fileName, url: f.filePath })),
    largeFiles: largeOf(mail).filter((f) => f.state === 'ok'),
  };
}

/** A mail's or a draft's 超大附件 as the compose view holds them. */
export function largeOf(mail: Pick<MailDetail, 'largeFileList'>): LargeAttached[] {
  return (mail.largeFileList ?? []).map((f) => ({
    ...(f.largeId !== null ? { largeId: f.largeId } : {}),
    ...(f.resourcesId !== null ? { resourcesId: f.resourcesId } : {}),
    fileName: f.fileName,
    fileSize: f.fileSize,
    ...(f.expireDate ? { expireDate: f.expireDate } : {}),
    state: f.state,
  }));
}

/** Whether a draft has anything worth keeping. */
export const isBlank = (draft: ComposeDraft) =>
  draft.recipients.length === 0 &&
  !draft.title.trim() &&
  !bodyText(draft.content).trim() &&
  !/<img\b/i.test(draft.content) &&
  draft.files.length === 0 &&
  (draft.largeFiles ?? []).length === 0;

/** 'HH:mm' of a time as the API writes it ('YYYY-MM-DD HH:mm:ss'), or of now. */
export function clockOf(time?: string | null): string {
  const match = time ? /(\d{2}):(\d{2})/.exec(time.slice(10)) : null;
  if (match) return `${match[1]}:${match[2]}`;
  const now = new Date();
  return `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
}
