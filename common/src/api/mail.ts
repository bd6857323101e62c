import {
  FileField,
  Id,
  Maybe,
  Nothing,
  OneOf,
  Page,
  endpoint,
  endpoints,
  rawEndpoint,
  CallerId,
} from './shared.js';
import { Paging, Type, WordOf, type Static } from './shared.js';
import { AddressDept } from './people.js';

/**
 * 站内邮件 (intranet.md §3 "Mail", §5 "Mail send", §7 "Mail"): a mail is
 * stored once, with one inbox entry (receiveId) per recipient and one sent
 * entry (sendId) for the sender. The person always comes from the session: a
 * userId / staffId / idRoleSend sent along must be the caller's own.
 */

export {
  MAIL_PAGE_SIZE,
  MAIL_TITLE_MAX,
  MAIL_BODY_MAX,
  MAIL_FILES_MAX,
  MAIL_FILE_MAX_BYTES,
  MAIL_RECIPIENTS_MAX,
  MAIL_GROUP_NOTE_MAX,
  MAIL_DRAFTS_MAX,
  MAIL_UNREAD,
  MAIL_READ,
  MAIL_EXTENSIONS,
} from '../limits.js';
import {
  MAIL_BODY_MAX,
  MAIL_GROUP_NOTE_MAX,
  MAIL_PAGE_SIZE,
  MAIL_READ,
  MAIL_TITLE_MAX,
  MAIL_UNREAD,
} from '../limits.js';

const StaffId = CallerId();
const State = OneOf([MAIL_UNREAD, MAIL_READ], 'inmainState 须为 1（未读）或 2（已读）');
/** Comma-joined ids, as the original pages send them ('3,5,8'). */
const IdList = (message: string, maxLength = 2000) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$',
    errorMessage: message,
  });
const ListFilter = {
  staffId: Type.Optional(StaffId),
  inmainState: Type.Optional(State),
  /** Sent by the original pages; no meaning is shown for it, so it is ignored. */
  inmainFlag: Type.Optional(Type.Integer({ errorMessage: 'inmainFlag 须为整数' })),
  keyword: Type.Optional(Type.String({ maxLength: 50, errorMessage: '搜索内容不能超过50个字' })),
  ...Paging(MAIL_PAGE_SIZE, 50),
};

/** A line of the inbox. */
export const ReceiveItem = Type.Object({
  inmailId: Type.Integer(),
  receiveId: Type.Integer(),
  inmailTitle: Type.String(),
  sendName: Type.String(),
  inmainState: Type.Integer(),
  fileCount: Type.Integer(),
  createDate: Type.String(),
});
export type ReceiveItem = Static<typeof ReceiveItem>;

/** A line of the sent box. */
export const SendItem = Type.Object({
  inmailId: Type.Integer(),
  sendId: Type.Integer(),
  inmailTitle: Type.String(),
  /** The recipients' names joined with 、, cut after a few with 等N人. */
  receiveName: Type.String(),
  /** "0": at least one recipient has opened it (the read icon); "1": none yet. */
  ifRead: Type.String(),
  /** 2 when at least one recipient has opened it, else 1 (the list's filter reads the same). */
  inmainState: Type.Integer(),
  /** Recalled by the sender (撤回): the recipients no longer have it. */
  recalled: Type.Boolean(),
  fileCount: Type.Integer(),
  createDate: Type.String(),
});
export type SendItem = Static<typeof SendItem>;

/** A recipient of a mail; the read state and time are shown to the sender only. */
export const MailRecipient = Type.Object({
  contactId: Type.Integer(),
  staffId: Type.Integer(),
  staffName: Type.String(),
  email: Maybe(Type.String()),
  inmainState: Maybe(Type.Integer()),
  readDate: Maybe(Type.String()),
  /**
   * For the sender: this recipient's copy was taken back by a recall (shown
   * 已撤回 instead of 未读); false for anyone else.
   */
  recalled: Type.Boolean(),
});
export type MailRecipient = Static<typeof MailRecipient>;

export const MailFile = Type.Object({
  fileId: Type.Integer(),
  fileName: Type.String(),
  filePath: Type.String(),
  /** Bytes, shown as 18 KB, 2.4 MB (issue 18). */
  fileSize: Type.Integer(),
});
export type MailFile = Static<typeof MailFile>;

/**
 * 超大附件: a file kept in the sender's drive that the mail links to until `expireDate`.
 * `state` ok (filePath downloads it), expired (已过期) or deleted (the sender deleted the drive
 * file: 已删除). In a draft, a file chosen from the drive has `resourcesId`, no expiry yet
 * (counted from the send) and no link; one of a forwarded mail keeps its `largeId` and expiry.
 */
export const MailLargeFile = Type.Object({
  largeId: Maybe(Type.Integer()),
  resourcesId: Maybe(Type.Integer()),
  fileName: Type.String(),
  fileSize: Type.Integer(),
  /** When the link ends (Beijing time, YYYY-MM-DD HH:mm:ss); '' until sent. */
  expireDate: Type.String(),
  state: WordOf(['ok', 'expired', 'deleted'], 'state 不正确'),
  /** The download address while it may be opened; '' otherwise. */
  filePath: Type.String(),
});
export type MailLargeFile = Static<typeof MailLargeFile>;

export const MailDetail = Type.Object({
  inmailId: Type.Integer(),
  inmailTitle: Type.String(),
  inmailContent: Type.String(),
  createDate: Type.String(),
  sendStaffId: Type.Integer(),
  sendName: Type.String(),
  /** The caller's own entries: an inbox entry (a recipient), a sent entry (the sender). */
  receiveId: Maybe(Type.Integer()),
  sendId: Maybe(Type.Integer()),
  /** The caller's read state as a recipient; null for the sender alone. */
  inmainState: Maybe(Type.Integer()),
  recalled: Type.Boolean(),
  staffInfoList: Type.Array(MailRecipient),
  /** The recipients' staff ids joined by commas (for 重新发送). */
  staffIdArr: Type.String(),
  fileCount: Type.Integer(),
  fileList: Type.Array(MailFile),
  /** 超大附件 (beyond the spec): links to files kept in the sender's drive. */
  largeFileList: Type.Optional(Type.Array(MailLargeFile)),
});
export type MailDetail = Static<typeof MailDetail>;

/** A person the recipient search or the department list offers. */
export const MailStaff = Type.Object({
  staffId: Type.Integer(),
  idRole: Type.Integer(),
  staffName: Type.String(),
  staffType: Type.Integer(),
  deptName: Maybe(Type.String()),
  email: Maybe(Type.String()),
});
export type MailStaff = Static<typeof MailStaff>;

/** A frequent contact (常用联系人) or a member of a group: contactId is the person's staff id. */
export const ContactStaff = Type.Object({
  contactId: Type.Integer(),
  staffId: Type.Integer(),
  staffName: Type.String(),
  email: Maybe(Type.String()),
  deptName: Maybe(Type.String()),
});
export type ContactStaff = Static<typeof ContactStaff>;

/** A group of frequent contacts (contactsType 2) with its note. */
export const ContactGroup = Type.Object({
  frequentcontactsId: Type.Integer(),
  contactsNote: Type.String(),
  frequentcontactsStaffList: Type.Array(ContactStaff),
});
export type ContactGroup = Static<typeof ContactGroup>;

export const MailContacts = Type.Object({
  frequentcontactsStaffList: Type.Array(ContactStaff),
  frequentContactsList: Type.Array(ContactGroup),
});
export type MailContacts = Static<typeof MailContacts>;

/** A line of 草稿箱. */
export const DraftItem = Type.Object({
  draftId: Type.Integer(),
  inmailTitle: Type.String(),
  /** The chosen recipients' names (cut with 等N人), '' when none yet. */
  receiveName: Type.String(),
  fileCount: Type.Integer(),
  updateDate: Type.String(),
  /** Why the mail, scheduled, could not go when its time came; '' otherwise. */
  sendError: Type.String(),
});
export type DraftItem = Static<typeof DraftItem>;

/** A draft as the compose view reopens it. */
export const DraftDetail = Type.Object({
  draftId: Type.Integer(),
  inmailTitle: Type.String(),
  inmailContent: Type.String(),
  /** The recipients still active, in the order chosen. */
  staffInfoList: Type.Array(MailStaff),
  fileList: Type.Array(MailFile),
  /** 超大附件 chosen so far. */
  largeFileList: Type.Optional(Type.Array(MailLargeFile)),
  updateDate: Type.String(),
  /** 定时发送: when it goes (Beijing time, YYYY-MM-DD HH:mm:ss); '' for a plain draft. */
  sendTime: Type.String(),
  /** Why the mail, scheduled, could not go when its time came; '' otherwise. */
  sendError: Type.String(),
});
export type DraftDetail = Static<typeof DraftDetail>;

/** A line of 待发送: a mail to be sent at its time, its writer's until then. */
export const ScheduledItem = Type.Object({
  draftId: Type.Integer(),
  inmailTitle: Type.String(),
  receiveName: Type.String(),
  fileCount: Type.Integer(),
  /** When it goes (Beijing time, YYYY-MM-DD HH:mm:ss). */
  sendTime: Type.String(),
});
export type ScheduledItem = Static<typeof ScheduledItem>;

/**
 * `api/email/upload` (multipart field `file`): an attachment by default;
 * `?kind=image` for a picture of the editor, which reads `src`.
 */
export const MailUploadQuery = Type.Object({
  kind: Type.Optional(WordOf(['attachment', 'image'], '上传类型不正确')),
});
export const MailUpload = Type.Object({
  fileId: Type.Integer(),
  fileName: Type.String(),
  /** The file's address (also the filePath a send's fileList may carry). */
  url: Type.String(),
  /** The same address, for the editor's pictures. */
  src: Type.String(),
  fileSize: Type.Integer(),
});
export type MailUpload = Static<typeof MailUpload>;

/** The mail's streamed routes: the upload (multipart) and the live unread count (events). */
export const mailStreamCalls = endpoints('mail', {
  upload: rawEndpoint(
    '/email/upload',
    'staff',
    '上传邮件附件（multipart 字段 file，格式见允许的扩展名，最大 100 MB）；kind=image 为正文图片（data.src）',
    { query: MailUploadQuery, form: Type.Object({ file: FileField('附件或正文图片（必填）') }) },
    MailUpload,
  ),
  largeFile: rawEndpoint(
    '/email/largeFile/:largeId',
    'owner',
    '下载超大附件（只有邮件的发件人与收件人，在有效期内）；过期为 410 超大附件已过期，发件人已从网盘删除为 410 超大附件已被发件人删除',
    {
      method: 'GET',
      params: Type.Object({ largeId: Id('超大附件编号不正确') }),
      produces: 'application/octet-stream',
    },
    Nothing,
  ),
  unreadEvents: rawEndpoint(
    '/email/unreadEvents',
    'staff',
    '未读邮件数的实时推送（text/event-stream）：event unread，data 为未读数；连接时与每次变化时各推送一次',
    { method: 'GET', produces: 'text/event-stream' },
    Nothing,
  ),
});

const ContactsType = OneOf([1, 2], 'contactsType 须为 1（单人）或 2（分组）');
const DraftFields = {
  /** The recipients chosen so far ('' none). */
  idRoleReceiveArr: Type.Optional(
    Type.String({
      maxLength: 20000,
      pattern: '^\\s*(\\d+(\\s*,\\s*\\d+)*)?\\s*$',
      errorMessage: '收件人格式不正确',
    }),
  ),
  inmailTitle: Type.Optional(
    Type.String({ maxLength: MAIL_TITLE_MAX, errorMessage: `主题不能超过${MAIL_TITLE_MAX}个字` }),
  ),
  inmailContent: Type.Optional(
    Type.String({ maxLength: 200_000, errorMessage: `正文不能超过${MAIL_BODY_MAX}个字` }),
  ),
  fileList: Type.Optional(Type.String({ maxLength: 20_000, errorMessage: '附件列表格式不正确' })),
  /**
   * 超大附件 (beyond the spec): JSON [{resourcesId, fileName}] of drive files (see
   * api/resources/saveLargeAttachment; fileName required) or [{largeId, fileName}] of a held
   * mail's (a forward; fileName optional).
   */
  largeFileList: Type.Optional(
    Type.String({ maxLength: 20_000, errorMessage: '超大附件列表格式不正确' }),
  ),
};

/** What a mail is sent with (sendEmail, and scheduleEmail for later). */
const SendFields = {
  idRoleReceiveArr: IdList('请选择收件人', 20000),
  idRoleSend: Type.Optional(StaffId),
  /** Sent by the original pages; a new mail always starts unread. */
  inmainState: Type.Optional(Type.Integer({ errorMessage: 'inmainState 须为整数' })),
  inmailTitle: Type.String({
    maxLength: MAIL_TITLE_MAX,
    errorMessage: `请填写主题，不超过${MAIL_TITLE_MAX}个字`,
  }),
  inmailContent: Type.Optional(
    Type.String({ maxLength: 200_000, errorMessage: `正文不能超过${MAIL_BODY_MAX}个字` }),
  ),
  fileList: Type.Optional(Type.String({ maxLength: 20_000, errorMessage: '附件列表格式不正确' })),
  /**
   * 超大附件 (beyond the spec): JSON [{resourcesId, fileName}] of drive files (see
   * api/resources/saveLargeAttachment; fileName required) or [{largeId, fileName}] of a held
   * mail's (a forward; fileName optional).
   */
  largeFileList: Type.Optional(
    Type.String({ maxLength: 20_000, errorMessage: '超大附件列表格式不正确' }),
  ),
  /** The draft this mail was written in: it goes once the mail is sent. */
  draftId: Type.Optional(Id('草稿编号不正确')),
};

/** api/email/*. */
export const mailCalls = endpoints('mail', {
  send: endpoint(
    '/email/sendEmail',
    'staff',
    '发送邮件：idRoleReceiveArr 为收件人教职工 id（逗号分隔），主题必填（不超过200个字），正文不超过2500个字，fileList 为附件 JSON（[{fileId 或 filePath, fileName}]，最多20个）；largeFileList 为超大附件 JSON（[{resourcesId, fileName}] 为网盘文件，见 resources/saveLargeAttachment；[{largeId}] 为转发的超大附件；可不填）；draftId 为写信时的草稿，发送后删除',
    Type.Object(SendFields),
    Type.Object({ inmailId: Type.Integer() }),
  ),
  receiveList: endpoint(
    '/email/getReceiveList',
    'staff',
    '收件箱（新的在前）：inmainState 1 未读 2 已读；keyword 查找主题、正文与发件人',
    Type.Object(ListFilter),
    Page(ReceiveItem),
  ),
  sendList: endpoint(
    '/email/getSendList',
    'staff',
    '发件箱（新的在前）：ifRead "0" 为已有收件人阅读；keyword 查找主题、正文与收件人',
    Type.Object(ListFilter),
    Page(SendItem),
  ),
  detail: endpoint(
    '/email/getEmailDetail',
    'owner',
    '邮件详情（只有发件人与收件人可看）；发件人另见每位收件人的阅读状态与时间',
    Type.Object({
      inmailId: Id('请选择邮件'),
      receiveId: Type.Optional(Id('收件编号不正确')),
      sendId: Type.Optional(Id('发件编号不正确')),
    }),
    MailDetail,
  ),
  markRead: endpoint(
    '/email/updateRead',
    'owner',
    '把收件箱中的一封邮件标为已读；data 为此后的未读数',
    Type.Object({ receiveId: Id('请选择邮件') }),
    Type.Integer(),
  ),
  unreadNum: endpoint(
    '/email/getUnreadNum',
    'staff',
    '我的未读邮件数',
    Type.Object({ staffId: Type.Optional(StaffId) }),
    Type.Integer(),
  ),
  delReceive: endpoint(
    '/email/delReceive',
    'owner',
    '删除收件箱中的邮件（receiveIdArr 逗号分隔），只删除自己的这一份',
    Type.Object({ receiveIdArr: IdList('请选择要删除的文件') }),
    Nothing,
  ),
  delSend: endpoint(
    '/email/delSend',
    'owner',
    '删除发件箱中的邮件（sendIdArr 逗号分隔），收件人的邮件不受影响',
    Type.Object({ sendIdArr: IdList('请选择要删除的文件') }),
    Nothing,
  ),
  recall: endpoint(
    '/email/recall',
    'owner',
    '撤回已发送的邮件：在没有收件人阅读之前，收件人的邮件一并撤回',
    Type.Object({ sendId: Id('请选择要撤回的邮件') }),
    Nothing,
  ),
  selectStaff: endpoint(
    '/email/selectStaff',
    'staff',
    '查找收件人：姓名含 staffName（多于1个字）的在职教职工，最多20人',
    Type.Object({
      staffName: Type.String({ maxLength: 50, errorMessage: '姓名不能超过50个字' }),
      staffId: Type.Optional(StaffId),
      staffType: Type.Optional(Type.Integer({ errorMessage: 'staffType 须为整数' })),
    }),
    Type.Array(MailStaff),
  ),
  deptTree: endpoint(
    '/email/getDeptTree',
    'staff',
    '选择收件人的部门树（四级）',
    Type.Object({ userId: Type.Optional(StaffId) }),
    Type.Array(AddressDept),
  ),
  deptStaff: endpoint(
    '/email/getDeptStaff',
    'staff',
    '一个部门（含下级部门）的在职教职工，用于整个部门选为收件人',
    Type.Object({ userId: Type.Optional(StaffId), deptId: Id('请选择部门') }),
    Type.Array(MailStaff),
  ),
  addContacts: endpoint(
    '/email/addContacts',
    'staff',
    '添加常用联系人：contactsType 1 单人（idRoleArr 中的每一位），2 分组（contactsNote 为分组备注）',
    Type.Object({
      staffId: Type.Optional(StaffId),
      contactsType: ContactsType,
      contactsNote: Type.Optional(
        Type.String({
          maxLength: MAIL_GROUP_NOTE_MAX,
          errorMessage: `分组备注不能超过${MAIL_GROUP_NOTE_MAX}个字`,
        }),
      ),
      idRoleArr: IdList('请选择联系人', 20000),
    }),
    Nothing,
  ),
  getContacts: endpoint(
    '/email/getContacts',
    'staff',
    '我的常用联系人：单人（frequentcontactsStaffList）与分组（frequentContactsList）',
    Type.Object({ staffId: Type.Optional(StaffId) }),
    MailContacts,
  ),
  delContacts: endpoint(
    '/email/delContacts',
    'owner',
    '移除常用联系人（contactIdArr）或分组（frequentcontactsIdArr），逗号分隔',
    Type.Object({
      contactIdArr: Type.Optional(IdList('请选择要移除的联系人')),
      frequentcontactsIdArr: Type.Optional(IdList('请选择要移除的分组')),
    }),
    Nothing,
  ),
  attachStored: endpoint(
    '/email/attachStoredFile',
    'owner',
    '从网盘添加附件：本人可查看的已存文件（fileId，如教学网盘文件 resourcesPath 中的编号）作为本人的附件，不复制内容；fileName 为附件名（空则用文件原名），须为允许的格式，最大 100 MB；答复同 api/email/upload',
    Type.Object({
      fileId: Id('请选择文件'),
      fileName: Type.Optional(
        Type.String({ maxLength: 200, errorMessage: '文件名不能超过200个字' }),
      ),
    }),
    MailUpload,
  ),
  saveDraft: endpoint(
    '/email/saveDraft',
    'owner',
    '保存草稿（写信时自动保存）：不带 draftId 为新草稿，带 draftId 为更新自己的草稿；data.draftId',
    Type.Object({ draftId: Type.Optional(Id('草稿编号不正确')), ...DraftFields }),
    Type.Object({ draftId: Type.Integer(), updateDate: Type.String() }),
  ),
  draftList: endpoint(
    '/email/getDraftList',
    'staff',
    '草稿箱（最近保存的在前），keyword 查找主题与正文',
    Type.Object({
      keyword: Type.Optional(
        Type.String({ maxLength: 50, errorMessage: '搜索内容不能超过50个字' }),
      ),
      ...Paging(MAIL_PAGE_SIZE, 50),
    }),
    Page(DraftItem),
  ),
  draftDetail: endpoint(
    '/email/getDraft',
    'owner',
    '打开自己的一份草稿继续写',
    Type.Object({ draftId: Id('请选择草稿') }),
    DraftDetail,
  ),
  delDraft: endpoint(
    '/email/delDraft',
    'owner',
    '删除自己的草稿（draftIdArr 逗号分隔）',
    Type.Object({ draftIdArr: IdList('请选择要删除的草稿') }),
    Nothing,
  ),
  schedule: endpoint(
    '/email/scheduleEmail',
    'owner',
    '定时发送：字段同发送邮件，另有 sendTime 为发送时间（北京时间 YYYY-MM-DD HH:mm，须晚于现在且在一年以内）；邮件存于待发送，到时发出，之前可打开修改（getDraft / saveDraft）或取消；draftId 为写信时的草稿或要改时间的待发送邮件；data.draftId、data.sendTime',
    Type.Object({
      ...SendFields,
      sendTime: Type.String({
        minLength: 1,
        maxLength: 30,
        errorMessage: '请选择发送时间',
      }),
    }),
    Type.Object({ draftId: Type.Integer(), sendTime: Type.String() }),
  ),
  scheduledList: endpoint(
    '/email/getScheduledList',
    'staff',
    '待发送（先发的在前）：本人定时发送、尚未发出的邮件',
    Type.Object({ ...Paging(MAIL_PAGE_SIZE, 50) }),
    Page(ScheduledItem),
  ),
  cancelSchedule: endpoint(
    '/email/cancelSchedule',
    'owner',
    '取消定时发送：邮件不再发出，回到草稿箱',
    Type.Object({ draftId: Id('请选择待发送的邮件') }),
    Nothing,
  ),
  archiveReceiveList: endpoint(
    '/email/archive/getReceiveList',
    'systemAdmin',
    '邮件归档（仅系统管理员）：已离职交接的用户的收件箱，与 getReceiveList 相同的筛选与字段',
    Type.Object({ ...ListFilter, staffId: Id('请选择离职用户') }),
    Page(ReceiveItem),
  ),
  archiveSendList: endpoint(
    '/email/archive/getSendList',
    'systemAdmin',
    '邮件归档（仅系统管理员）：已离职交接的用户的发件箱',
    Type.Object({ ...ListFilter, staffId: Id('请选择离职用户') }),
    Page(SendItem),
  ),
  archiveDetail: endpoint(
    '/email/archive/getEmailDetail',
    'systemAdmin',
    '邮件归档（仅系统管理员）：已离职交接的用户收发的一封邮件，附件可下载',
    Type.Object({
      staffId: Id('请选择离职用户'),
      inmailId: Id('请选择邮件'),
      receiveId: Type.Optional(Id('收件编号不正确')),
      sendId: Type.Optional(Id('发件编号不正确')),
    }),
    MailDetail,
  ),
});
