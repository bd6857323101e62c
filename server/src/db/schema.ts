import type {
  StaffTable,
  StaffHandoverTable,
  DepartmentTable,
  StaffDepartmentTable,
  SessionTable,
  LoginThrottleTable,
  AppPasswordTable,
  HandoffTicketTable,
  ContactTable,
  LinkedRequestTable,
  StaffImportTable,
} from './tables/people.js';
import type {
  NewsTypeTable,
  NewsTable,
  SubjectNewsTable,
  NewsFileTable,
  VideoTypeTable,
  VideoTable,
  VideoFileTable,
  MagazineSeriesTable,
  MagazineTable,
  SearchDocTable,
} from './tables/content.js';
import type {
  SysParameterTable,
  IntroPageTable,
  PersonTable,
  SocietyTable,
  BannerTable,
  RollingNoticeTable,
  WorkbenchItemTable,
  DictionaryItemTable,
} from './tables/site.js';
import type { StoredFileTable, FileUseTable, VirusFindingTable } from './tables/files.js';
import type { ApiRateLimitTable } from './tables/limits.js';
import type { SetupTokenTable } from './tables/setup.js';
import type { SiteImportMapTable, SiteImportRunTable } from './tables/site-import.js';
import type { FilePreviewTable, FileTextTable, JobTable } from './tables/jobs.js';
import type { LeaveRequestTable, LeaveStepTable } from './tables/leave.js';
import type {
  DriveCommentTable,
  DriveDownloadTable,
  DriveFavoriteTable,
  DriveFolderTable,
  DriveLikeTable,
  DriveResourceTable,
  DriveShareTable,
  DriveTusUploadTable,
  DriveResumableTable,
  DriveResumableChunkTable,
  DriveTrashTable,
  DriveVersionTable,
  DriveFacetTable,
  DavFileTable,
  DavLockTable,
  DavPropertyTable,
} from './tables/drive.js';
import type {
  ContactGroupMemberTable,
  ContactGroupTable,
  MailBoxVersionTable,
  MailDraftTable,
  MailFileTable,
  MailInboxTable,
  MailLargeFileTable,
  MailSentTable,
  MailTable,
} from './tables/mail.js';
import type {
  OperLogTable,
  FlowerTable,
  FootprintTable,
  ViewVisitTable,
  ContentRevisionTable,
  SensitiveWordTable,
  AllowedPhraseTable,
} from './tables/log.js';

/**
 * Table types. Columns are snake_case in the database and camelCase here
 * (Kysely's CamelCasePlugin). Timestamps are stored as ISO-8601 text in UTC so
 * both dialects sort and compare them the same way.
 */
export interface Database {
  staff: StaffTable;
  staffHandover: StaffHandoverTable;
  department: DepartmentTable;
  staffDepartment: StaffDepartmentTable;
  session: SessionTable;
  loginThrottle: LoginThrottleTable;
  appPassword: AppPasswordTable;
  staffImport: StaffImportTable;
  apiRateLimit: ApiRateLimitTable;
  sysParameter: SysParameterTable;
  newsType: NewsTypeTable;
  operLog: OperLogTable;
  storedFile: StoredFileTable;
  virusFinding: VirusFindingTable;
  news: NewsTable;
  subjectNews: SubjectNewsTable;
  newsFile: NewsFileTable;
  flower: FlowerTable;
  footprint: FootprintTable;
  viewVisit: ViewVisitTable;
  videoType: VideoTypeTable;
  video: VideoTable;
  videoFile: VideoFileTable;
  magazineSeries: MagazineSeriesTable;
  magazine: MagazineTable;
  introPage: IntroPageTable;
  person: PersonTable;
  society: SocietyTable;
  banner: BannerTable;
  searchDoc: SearchDocTable;
  handoffTicket: HandoffTicketTable;
  rollingNotice: RollingNoticeTable;
  workbenchItem: WorkbenchItemTable;
  dictionaryItem: DictionaryItemTable;
  contentRevision: ContentRevisionTable;
  sensitiveWord: SensitiveWordTable;
  allowedPhrase: AllowedPhraseTable;
  fileUse: FileUseTable;
  contact: ContactTable;
  linkedRequest: LinkedRequestTable;
  leaveRequest: LeaveRequestTable;
  leaveStep: LeaveStepTable;
  mail: MailTable;
  mailInbox: MailInboxTable;
  mailBoxVersion: MailBoxVersionTable;
  mailSent: MailSentTable;
  mailFile: MailFileTable;
  mailDraft: MailDraftTable;
  mailLargeFile: MailLargeFileTable;
  contactGroup: ContactGroupTable;
  contactGroupMember: ContactGroupMemberTable;
  driveFolder: DriveFolderTable;
  driveResource: DriveResourceTable;
  davFile: DavFileTable;
  davLock: DavLockTable;
  davProperty: DavPropertyTable;
  driveLike: DriveLikeTable;
  driveFavorite: DriveFavoriteTable;
  driveShare: DriveShareTable;
  driveDownload: DriveDownloadTable;
  driveComment: DriveCommentTable;
  driveTusUpload: DriveTusUploadTable;
  driveResumable: DriveResumableTable;
  driveResumableChunk: DriveResumableChunkTable;
  driveTrash: DriveTrashTable;
  driveVersion: DriveVersionTable;
  driveFacet: DriveFacetTable;
  job: JobTable;
  filePreview: FilePreviewTable;
  fileText: FileTextTable;
  setupToken: SetupTokenTable;
  siteImportMap: SiteImportMapTable;
  siteImportRun: SiteImportRunTable;
  /** The public site's content version (one row, id 1; db/content-watch.ts). */
  siteVersion: { id: number; version: number };
}

// Every table and row type, re-exported so that modules import them from here.
export type * from './tables/people.js';
export type * from './tables/content.js';
export type * from './tables/site.js';
export type * from './tables/files.js';
export type * from './tables/limits.js';
export type * from './tables/leave.js';
export type * from './tables/mail.js';
export type * from './tables/log.js';
export type * from './tables/jobs.js';
