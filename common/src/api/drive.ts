import {
  Id,
  Maybe,
  Nothing,
  OneOf,
  Page,
  Paging,
  Type,
  WordOf,
  type Static,
  CallerId,
} from './shared.js';
import { endpoint, endpoints, rawEndpoint } from './shared.js';
import { ShareFields, ShareMade, ShareOptions } from './drive-share.js';
import { FacetFields, FacetFilters, FacetOfRow, WithFacets } from './drive-facets.js';

/**
 * 教学网盘 (intranet.md §2 education ... mineWp, §3 resource / folder, §4
 * drive states, §5 drive validation, §6, §7 "Teaching drive", §9): the
 * shared library (sType 0) and each person's disk (sType 1). The person
 * always comes from the session: a userId sent along must be the caller's own.
 */

export {
  DRIVE_PAGE_SIZE,
  FOLDER_NAME_MAX,
  DRIVE_DESC_MAX,
  COMMENT_MAX,
  FOLDER_FILE_TYPE,
  OPENNESS,
  PRIVATE,
  LIBRARY,
  MY_DISK,
} from '../limits.js';
import {
  DRIVE_DESC_MAX,
  DRIVE_PAGE_SIZE,
  FOLDER_NAME_MAX,
  LIBRARY,
  MY_DISK,
  OPENNESS,
} from '../limits.js';

const UserId = CallerId();
const FolderId = Id('请选择文件夹目录');
const SType = OneOf([LIBRARY, MY_DISK], 'sType 须为 0（教学网盘）或 1（我的网盘）');
/** 1 descending, 0 ascending (intranet.md §4 "Sorting": one active at a time). */
const SortFlag = (name: string) => OneOf([0, 1], `${name} 须为 0 或 1`);

/** The filters and sort of a folder's list and of the searches. */
const ListFilters = {
  userId: Type.Optional(UserId),
  staffType: Type.Optional(Type.Integer({ errorMessage: 'staffType 须为整数' })),
  KeywordName: Type.Optional(
    Type.String({ maxLength: 50, errorMessage: '搜索内容不能超过50个字' }),
  ),
  resourcesType: Type.Optional(Type.String({ maxLength: 16, errorMessage: '资源类型不正确' })),
  resourcesFileType: Type.Optional(Type.String({ maxLength: 16, errorMessage: '文件格式不正确' })),
  userName: Type.Optional(SortFlag('userName')),
  resourcesSize: Type.Optional(SortFlag('resourcesSize')),
  downloadNum: Type.Optional(SortFlag('downloadNum')),
  statusDate: Type.Optional(SortFlag('statusDate')),
  /** Teaching facets of the library (drive-facets.ts). */
  ...FacetFilters,
  ...Paging(DRIVE_PAGE_SIZE, 50),
};

/**
 * A line of a drive list: a folder (stype 0: fid, fname, fnum, resourcesFileType
 * "-1") or a file (stype 1: resourcesId and the resource's fields).
 */
export const DriveRow = Type.Object({
  stype: Type.Integer(),
  /** A folder row: the folder; a file row: the folder it is in (null at a disk's top). */
  fid: Maybe(Type.Integer()),
  /**
   * A folder row: its name; a file row of a list across folders (ranking lists,
   * search, my public files): the folder it is in, from the top (数学 / 高一 / 教案); else null.
   */
  fname: Maybe(Type.String()),
  fsuperId: Maybe(Type.Integer()),
  /** A folder row: the files in it and below it that the caller may see. */
  fnum: Maybe(Type.Integer()),
  isTop: Type.String(),
  resourcesId: Maybe(Type.Integer()),
  resourcesName: Type.String(),
  resourcesFname: Maybe(Type.String()),
  resourcesPath: Maybe(Type.String()),
  resourcesSize: Type.Integer(),
  resourcesType: Maybe(Type.String()),
  resourcesFileType: Type.String(),
  resourcesIsOpen: Maybe(Type.String()),
  resourcesIsComment: Maybe(Type.String()),
  resourcesDesc: Type.String(),
  userId: Maybe(Type.Integer()),
  userName: Maybe(Type.String()),
  downloadNum: Type.Integer(),
  shareNum: Type.Integer(),
  givelikeNum: Type.Integer(),
  favoritesNum: Type.Integer(),
  statusDate: Type.String(),
  createDate: Type.String(),
  /**
   * A file a keyword found by its text (search inside documents): the words around the
   * keyword's first place in it, and that place (第 3 页, 第 2 张幻灯片, 工作表“成绩”, or '').
   * Absent otherwise, and for another's 防泄密 file.
   */
  contentSnippet: Type.Optional(Type.String()),
  contentPlace: Type.Optional(Type.String()),
  /** A library file's teaching facets (drive-facets.ts); absent on folder rows. */
  ...FacetOfRow,
});
export type DriveRow = Static<typeof DriveRow>;

/** A folder with its children (the column list, the folder tree, 快速定位). */
export interface FolderNode {
  fid: number;
  fname: string;
  fsuperId: number | null;
  layer: number;
  isTop: string;
  /** Files in it and below it that the caller may see. */
  fnum: number;
  childList: FolderNode[];
}
export const FolderNode = Type.Cyclic(
  {
    FolderNode: Type.Object({
      fid: Type.Integer(),
      fname: Type.String(),
      fsuperId: Maybe(Type.Integer()),
      layer: Type.Integer(),
      isTop: Type.String(),
      fnum: Type.Integer(),
      childList: Type.Array(Type.Ref('FolderNode')),
    }),
  },
  'FolderNode',
);

/** A folder and the way to it from the top (the breadcrumb). */
export const FolderInfo = Type.Object({
  fid: Type.Integer(),
  fname: Type.String(),
  fsuperId: Maybe(Type.Integer()),
  layer: Type.Integer(),
  isTop: Type.String(),
  fdesc: Type.String(),
  sType: Type.Integer(),
  /** The folders from the top down to this one. */
  path: Type.Array(Type.Object({ fid: Type.Integer(), fname: Type.String() })),
});
export type FolderInfo = Static<typeof FolderInfo>;

const ResourceId = Id('请选择文件');
/** Comma-joined ids ('3,5,8'). */
const IdList = (message: string) =>
  Type.String({
    minLength: 1,
    maxLength: 2000,
    pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$',
    errorMessage: message,
  });
const OptionalText = (max: number, message: string) =>
  Type.Optional(Type.String({ maxLength: max, errorMessage: message }));

/** Where an upload is registered. */
const ResourceTarget = {
  userId: Type.Optional(UserId),
  staffType: Type.Optional(Type.Integer({ errorMessage: 'staffType 须为整数' })),
  fId: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 2_147_483_647, errorMessage: '文件夹编号不正确' }),
  ),
  sType: Type.Optional(SType),
  /** A name the folder already holds (issue 19): '' another file of that name, keep 保留两者 ("名称(1)"), replace 替换. */
  onConflict: Type.Optional(
    WordOf(['keep', 'replace'], 'onConflict 须为 keep（保留两者）或 replace（替换）'),
  ),
};
/** The uploaded file: the upload's answer (url as resourcesPath). */
const ResourceFile = {
  resourcesName: OptionalText(200, '文件名称不能超过200个字'),
  resourcesFname: OptionalText(200, '文件名不能超过200个字'),
  resourcesPath: Type.String({ minLength: 1, maxLength: 500, errorMessage: '请选择文件' }),
  resourcesSize: Type.Optional(Type.Integer({ minimum: 0, errorMessage: '文件大小不正确' })),
};
/** What a person says of an upload. */
const ResourceFields = {
  resourcesType: Type.String({ minLength: 1, maxLength: 16, errorMessage: '请选择资源类型' }),
  resourcesFileType: OptionalText(16, '文件格式不正确'),
  resourcesIsOpen: Type.Optional(WordOf(OPENNESS, '请选择是否公开')),
  resourcesIsComment: Type.Optional(WordOf(['0', '1'], '请选择是否可以评论')),
  resourcesDesc: OptionalText(DRIVE_DESC_MAX, `文件描述不能超过${DRIVE_DESC_MAX}个字`),
  /** Teaching facets of a library upload (drive-facets.ts). */
  ...FacetFields,
};

/** A resource as its detail page shows it. */
export const ResourceDetail = Type.Object({
  ...DriveRow.properties,
  isGivelike: Type.Integer(),
  isFavorites: Type.Integer(),
  /** The folders from the top: their ids and their names, each a slash list. */
  folderPath: Type.String(),
  sType: Type.Integer(),
  mimeType: Type.String(),
  /** What the caller may do to it. */
  canEdit: Type.Boolean(),
  canDelete: Type.Boolean(),
  canPin: Type.Boolean(),
  /** 防泄密 (issue 19): '1' previews carry the viewer's watermark, downloads only for uploader and drive administrators. */
  resourcesIsProtected: Type.String(),
  /** Whether the caller may download it (not for others on a 防泄密 file). */
  canDownload: Type.Boolean(),
});
export type ResourceDetail = Static<typeof ResourceDetail>;

const Who = {
  userId: Type.Optional(UserId),
  staffType: Type.Optional(Type.Integer({ errorMessage: 'staffType 须为整数' })),
};

/** A comment (resId its id; mine: the caller's, which they may delete). */
export const Comment = Type.Object({
  resId: Type.Integer(),
  userId: Type.Integer(),
  userName: Type.String(),
  content: Type.String(),
  createDate: Type.String(),
  mine: Type.Boolean(),
});
export type Comment = Static<typeof Comment>;

/** A line of 我的收藏 / 我的下载 / 我的分享: the file with the record's id, time and link. */
export const MineRow = Type.Object({
  ...DriveRow.properties,
  resId: Type.Integer(),
  /** When it was collected, downloaded or shared. */
  recordDate: Type.String(),
  shareUrl: Maybe(Type.String()),
  shareCode: Maybe(Type.String()),
  /** 我的分享 only (issue 19): the link's code, expiry, downloads and state. */
  ...ShareFields,
});
export type MineRow = Static<typeof MineRow>;

const FolderName = Type.String({
  maxLength: 200,
  errorMessage: `请填写新增文件夹名称，不超过${FOLDER_NAME_MAX}个字`,
});

/** `api/resources/file/:resourcesId?download=1`: a drive file's bytes. */
export const ResourceFileParams = Type.Object({ resourcesId: Id('请选择文件') });
export const ResourceFileQuery = Type.Object({
  download: Type.Optional(WordOf(['0', '1'], 'download 只能为 0 或 1')),
});

/** `api/resources/folderZip/:fId`: 打包下载 of a folder. */
export const FolderZipParams = Type.Object({ fId: Id('请选择文件夹目录') });

/** Comma-joined ids ('3,5,8') that may be empty: a selection may hold only files or only folders. */
const SelectedIds = (message: string) =>
  Type.Optional(
    Type.String({
      maxLength: 2000,
      pattern: '^\\s*(\\d+(\\s*,\\s*\\d+)*)?\\s*$',
      errorMessage: message,
    }),
  );

/**
 * A selection of a list for 打包下载 (issue 18): files by resourcesId and
 * folders by fId, each comma-joined; at least one item.
 */
export const SelectionZipQuery = Type.Object({
  resourcesId: SelectedIds('文件编号不正确'),
  fId: SelectedIds('文件夹编号不正确'),
});

/** What 打包下载 of a folder would hold, asked before the download starts. */
export const FolderZipInfo = Type.Object({
  /** Files the caller may see in the folder and below it. */
  fileCount: Type.Integer(),
  /** Their bytes before compression. */
  totalBytes: Type.Integer(),
  /** The bounds of one zip: bytes before compression (DRIVE_ZIP_MAX_BYTES) and files. */
  maxBytes: Type.Integer(),
  maxFiles: Type.Integer(),
  /** Whether the zip may be made; else `reason`, the refusal the download would answer. */
  allowed: Type.Boolean(),
  reason: Maybe(Type.String()),
});
export type FolderZipInfo = Static<typeof FolderZipInfo>;

/** api/resources/* (folders and lists). */
export const driveCalls = endpoints('drive', {
  folderTree: endpoint(
    '/resources/getFolderTree',
    'staff',
    '文件夹树：sType 0 教学网盘、1 我的网盘；fId 为起点（0 或不填为最上层）；每个文件夹带可见文件数 fnum',
    Type.Object({
      userId: Type.Optional(UserId),
      staffType: Type.Optional(Type.Integer({ errorMessage: 'staffType 须为整数' })),
      fId: Type.Optional(Type.Integer({ minimum: 0, errorMessage: '文件夹编号不正确' })),
      fType: Type.Optional(Type.Integer({ errorMessage: 'fType 须为整数' })),
      sType: Type.Optional(SType),
    }),
    Type.Array(FolderNode),
  ),
  folderList: endpoint(
    '/resources/getFolderList',
    'staff',
    '教学网盘的栏目（layer 0 为最上层）及其下级文件夹 list',
    Type.Object({
      layer: Type.Optional(Type.Integer({ minimum: 0, errorMessage: 'layer 不正确' })),
    }),
    Type.Array(
      Type.Object({
        fid: Type.Integer(),
        fname: Type.String(),
        fnum: Type.Integer(),
        isTop: Type.String(),
        list: Type.Array(
          Type.Object({ fid: Type.Integer(), fname: Type.String(), fnum: Type.Integer() }),
        ),
      }),
    ),
  ),
  folderInfo: endpoint(
    '/resources/getFolderInfo',
    'owner',
    '一个文件夹与它的路径（面包屑）；我的网盘的文件夹只有本人可看',
    Type.Object({ fId: FolderId }),
    FolderInfo,
  ),
  folderFiles: endpoint(
    '/resources/getFolderFiles',
    'owner',
    '文件夹的内容（置顶在前，文件夹在文件前）：fId 不填或 0 为我的网盘的最上层（sType 1）；类型、格式、关键字筛选；userName / resourcesSize / downloadNum / statusDate 之一排序（1 降序 0 升序，默认 statusDate 1）',
    Type.Object({
      fId: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 2_147_483_647, errorMessage: '文件夹编号不正确' }),
      ),
      sType: Type.Optional(SType),
      ...ListFilters,
    }),
    Page(DriveRow),
  ),
  folderZipInfo: endpoint(
    '/resources/folderZipInfo',
    'owner',
    '打包下载之前：文件夹及其下级中本人可见的文件数与总大小（压缩前，字节），上限，能否打包（不能时 reason 为原因）',
    Type.Object({ fId: FolderId }),
    FolderZipInfo,
  ),
  selectionZipInfo: endpoint(
    '/resources/selectionZipInfo',
    'owner',
    '打包下载所选之前：所选文件（resourcesId）与文件夹（fId，含下级中本人可见的文件）的文件数与总大小（压缩前，字节），上限，能否打包；所选的每一项都须本人可见，否则 403 / 404',
    SelectionZipQuery,
    FolderZipInfo,
  ),
  addFolder: endpoint(
    '/resources/addFolder',
    'owner',
    '新建文件夹：教学网盘只有网盘管理员（isAdmin 1），我的网盘为本人；名称必填、不超过25个字、同一目录下不重名',
    Type.Object({
      userId: Type.Optional(UserId),
      staffType: Type.Optional(Type.Integer({ errorMessage: 'staffType 须为整数' })),
      fSuperId: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 2_147_483_647, errorMessage: '上级文件夹不正确' }),
      ),
      fName: FolderName,
      fDesc: Type.Optional(
        Type.String({
          maxLength: DRIVE_DESC_MAX,
          errorMessage: `描述不能超过${DRIVE_DESC_MAX}个字`,
        }),
      ),
      sType: Type.Optional(SType),
    }),
    Type.Object({ fid: Type.Integer() }),
  ),
  renameFolder: endpoint(
    '/resources/renameFolder',
    'owner',
    '重命名文件夹（编辑文件夹：名称与描述）',
    Type.Object({
      userId: Type.Optional(UserId),
      fId: FolderId,
      fName: FolderName,
      fDesc: Type.Optional(
        Type.String({
          maxLength: DRIVE_DESC_MAX,
          errorMessage: `描述不能超过${DRIVE_DESC_MAX}个字`,
        }),
      ),
    }),
    Nothing,
  ),
  folderNum: endpoint(
    '/resources/getFolderNum',
    'owner',
    '删除前的内容统计：data[0].fnum 为下级文件夹数，data[1].fnum 为其中的文件数（含各级下级）',
    Type.Object({ fId: FolderId }),
    Type.Array(Type.Object({ fnum: Type.Integer() })),
  ),
  delFolder: endpoint(
    '/resources/delFolder',
    'owner',
    '删除文件夹及其下的一切（一个事务）',
    Type.Object({ userId: Type.Optional(UserId), fId: FolderId }),
    Nothing,
  ),
  topFolder: endpoint(
    '/resources/topFolder',
    'owner',
    '置顶文件夹（教学网盘：网盘管理员）',
    Type.Object({ userId: Type.Optional(UserId), fId: FolderId }),
    Nothing,
  ),
  untopFolder: endpoint(
    '/resources/untopFolder',
    'owner',
    '取消置顶文件夹',
    Type.Object({ userId: Type.Optional(UserId), fId: FolderId }),
    Nothing,
  ),
  addResource: endpoint(
    '/resources/addResource',
    'owner',
    '登记上传完成的文件为资源：resourcesPath 为上传返回的 url；教学网盘的文件夹人人可传，我的网盘为本人（受个人空间限额）；resourcesIsOpen 默认 2、resourcesIsComment 默认 1',
    Type.Object({ ...ResourceTarget, ...ResourceFile, ...ResourceFields }),
    Type.Object({ resourcesId: Type.Integer() }),
  ),
  batchAddResource: endpoint(
    '/resources/batchAddResource',
    'owner',
    '批量登记（最多10个）：fileAddList 为 JSON 数组，每项 resourcesName、resourcesFname、resourcesPath、resourcesSize，其余字段共用',
    Type.Object({
      ...ResourceTarget,
      ...ResourceFields,
      fileAddList: Type.String({ minLength: 2, maxLength: 20_000, errorMessage: '请上传文件' }),
    }),
    Type.Object({ resourcesIdArr: Type.Array(Type.Integer()) }),
  ),
  detail: endpoint(
    '/resources/getResourcesDetail',
    'owner',
    '资源详情（私有文件只有上传者与网盘管理员可看）：含是否已点赞、已收藏与所在文件夹路径，以及本人可做的操作',
    Type.Object({
      userId: Type.Optional(UserId),
      staffType: Type.Optional(Type.Integer({ errorMessage: 'staffType 须为整数' })),
      resourcesId: ResourceId,
    }),
    ResourceDetail,
  ),
  editResource: endpoint(
    '/resources/editResource',
    'owner',
    '编辑文件：资源类型、文件格式、是否公开、是否可评论、描述必填；上传者或网盘管理员（我的网盘为本人）',
    Type.Object({
      userId: Type.Optional(UserId),
      staffType: Type.Optional(Type.Integer({ errorMessage: 'staffType 须为整数' })),
      resourcesId: ResourceId,
      resourcesName: Type.Optional(
        Type.String({ maxLength: 200, errorMessage: '文件名称不能超过200个字' }),
      ),
      resourcesType: Type.String({ minLength: 1, maxLength: 16, errorMessage: '请选择资源类型' }),
      resourcesFileType: Type.String({
        minLength: 1,
        maxLength: 16,
        errorMessage: '请选择文件格式',
      }),
      resourcesIsOpen: WordOf(OPENNESS, '请选择是否公开'),
      resourcesIsComment: WordOf(['0', '1'], '请选择是否可以评论'),
      resourcesDesc: Type.String({
        minLength: 1,
        maxLength: DRIVE_DESC_MAX,
        errorMessage: `请输入文件描述，不超过${DRIVE_DESC_MAX}个字`,
      }),
      /** 防泄密 (issue 19): '1' on, '0' off, not given (or '') unchanged. */
      resourcesIsProtected: Type.Optional(WordOf(['0', '1'], 'resourcesIsProtected 只能为 0 或 1')),
      /** Teaching facets (drive-facets.ts): changed only when withFacets is '1'. */
      ...FacetFields,
      ...WithFacets,
    }),
    Nothing,
  ),
  delResource: endpoint(
    '/resources/delResource',
    'owner',
    '删除文件（resourcesId 可逗号分隔多个）：教学网盘为网盘管理员，我的网盘为本人；没有资源再用的文件内容一并删除',
    Type.Object({ userId: Type.Optional(UserId), resourcesId: IdList('请选择文件') }),
    Nothing,
  ),
  topResource: endpoint(
    '/resources/topResource',
    'owner',
    '置顶文件（教学网盘：网盘管理员；我的网盘：本人）',
    Type.Object({ userId: Type.Optional(UserId), resourcesId: ResourceId }),
    Nothing,
  ),
  untopResource: endpoint(
    '/resources/untopResource',
    'owner',
    '取消置顶文件',
    Type.Object({ userId: Type.Optional(UserId), resourcesId: ResourceId }),
    Nothing,
  ),
  moveResource: endpoint(
    '/resources/moveResource',
    'owner',
    '移动或复制文件（resourcesId）或文件夹（fId）：moveType 0 移动、1 复制（教学网盘），2 我的网盘内移动；sType 为目标网盘（复制到公共盘：从我的网盘复制到教学网盘）；fIdNew 必填且不同于 fIdOld，文件夹不能移到自己或自己的下级里；复制只复制记录，不复制文件内容',
    Type.Object({
      userId: Type.Optional(UserId),
      staffType: Type.Optional(Type.Integer({ errorMessage: 'staffType 须为整数' })),
      resourcesId: Type.Optional(ResourceId),
      fId: Type.Optional(FolderId),
      moveType: OneOf([0, 1, 2], 'moveType 须为 0（移动）、1（复制）或 2（我的网盘内移动）'),
      fIdOld: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 2_147_483_647, errorMessage: '原文件夹不正确' }),
      ),
      fIdNew: Type.Integer({ minimum: 0, maximum: 2_147_483_647, errorMessage: '请选择移动目录' }),
      sType: Type.Optional(SType),
    }),
    Nothing,
  ),
  saveLargeAttachment: endpoint(
    '/resources/saveLargeAttachment',
    'staff',
    '超大附件：把上传完成的文件（tus 上传时 sType 1，resourcesPath 为上传返回的 url）存入我的网盘的“超大附件”文件夹（没有时新建），计入个人空间；同名时保留两者；data.resourcesId 供邮件的 largeFileList 使用',
    Type.Object({
      resourcesPath: ResourceFile.resourcesPath,
      resourcesName: ResourceFile.resourcesName,
    }),
    Type.Object({
      resourcesId: Type.Integer(),
      fId: Type.Integer(),
      fileName: Type.String(),
      fileSize: Type.Integer(),
    }),
  ),
  quota: endpoint(
    '/resources/getMyQuota',
    'staff',
    '我的网盘的空间（字节）：used 已登记的文件，pending 尚未登记的上传（已上传未登记的与正在上传到我的网盘的，一天后未登记的自动清除），total 上限；used + pending 不超过 total',
    Type.Object({ userId: Type.Optional(UserId) }),
    Type.Object({ used: Type.Integer(), pending: Type.Integer(), total: Type.Integer() }),
  ),
  giveLike: endpoint(
    '/resources/giveLike',
    'owner',
    '点赞（每人一次，不能取消）；data.givelikeNum 为此后的点赞数',
    Type.Object({
      userId: Type.Optional(UserId),
      resourcesId: ResourceId,
      givelikeType: Type.Optional(Type.Integer({ errorMessage: 'givelikeType 须为整数' })),
    }),
    Type.Object({ givelikeNum: Type.Integer() }),
  ),
  addFavorites: endpoint(
    '/resources/addFavorites',
    'owner',
    '收藏文件',
    Type.Object({ ...Who, resourcesId: ResourceId }),
    Nothing,
  ),
  delFavorites: endpoint(
    '/resources/delFavorites',
    'owner',
    '取消收藏',
    Type.Object({ ...Who, resourcesId: ResourceId }),
    Nothing,
  ),
  comments: endpoint(
    '/resources/getComments',
    'owner',
    '文件的评论（新的在前），mine 为本人的评论',
    Type.Object({ resourcesId: ResourceId, ...Paging(20, 100) }),
    Page(Comment),
  ),
  addComment: endpoint(
    '/resources/addComment',
    'owner',
    '发表评论（不超过300个字；不可评论的文件：该文件暂时无法评论）',
    Type.Object({
      userId: Type.Optional(UserId),
      resourcesId: ResourceId,
      content: Type.String({ maxLength: 2000, errorMessage: '请输入评论内容' }),
    }),
    Type.Object({ resId: Type.Integer() }),
  ),
  delComment: endpoint(
    '/resources/delComment',
    'owner',
    '删除自己的评论',
    Type.Object({ userId: Type.Optional(UserId), resId: Id('请选择评论') }),
    Nothing,
  ),
  download: endpoint(
    '/resources/download',
    'owner',
    '下载：data 为下载地址；每人每天计一次下载数并记入我的下载',
    Type.Object({ ...Who, resourcesId: ResourceId }),
    Type.String(),
  ),
  share: endpoint(
    '/resources/share',
    'owner',
    '分享：data.url 为分享链接，data.shareCode 为分享码，data.extractCode 为提取码（needCode=0 时为 null）；needCode 默认 1，expireDays 1/7/30/0（永久，默认 7），maxDownloads 下载次数上限（空为不限）；每次分享一个新链接，计入分享数；只能分享本人可以查看的文件（私有文件由上传者分享）',
    Type.Object({ ...Who, resourcesId: ResourceId, ...ShareOptions }),
    ShareMade,
  ),
  shareFolder: endpoint(
    '/resources/shareFolder',
    'owner',
    '分享文件夹：选项与应答同分享文件；链接打开时列出该文件夹及其下级中分享者此刻可以查看的文件（之后放入的也在内，他人的私有文件不在内），可预览、下载与打包下载',
    Type.Object({ ...Who, fId: FolderId, ...ShareOptions }),
    ShareMade,
  ),
  newUpload: endpoint(
    '/resources/getNewUpload',
    'staff',
    '最新上传（教学网盘中可见的文件）：KeywordName 查找文件名与上传老师，类型、格式筛选',
    Type.Object(ListFilters),
    Page(DriveRow),
  ),
  hotShare: endpoint(
    '/resources/getHotShare',
    'staff',
    '近期热门（分享最多）',
    Type.Object(ListFilters),
    Page(DriveRow),
  ),
  hotDown: endpoint(
    '/resources/getHotDown',
    'staff',
    '热门下载（下载最多）',
    Type.Object(ListFilters),
    Page(DriveRow),
  ),
  resourcesNum: endpoint(
    '/resources/getResourcesNum',
    'staff',
    '教学网盘中本人可见的文件总数',
    Type.Object({ userId: Type.Optional(UserId) }),
    Type.Integer(),
  ),
  search: endpoint(
    '/resources/searchResources',
    'staff',
    '资源搜索：zylxType（或 type）0、1 为教学网盘，2 为我的网盘；fId 为在某文件夹（含下级）中找；筛选与排序同文件夹列表',
    Type.Object({
      zylxType: Type.Optional(OneOf([0, 1, 2], 'zylxType 须为 0、1 或 2')),
      type: Type.Optional(OneOf([0, 1, 2], 'type 须为 0、1 或 2')),
      fId: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 2_147_483_647, errorMessage: '文件夹编号不正确' }),
      ),
      ...ListFilters,
    }),
    Page(DriveRow),
  ),
  myPublic: endpoint(
    '/resources/getMyPublicResources',
    'staff',
    '我在教学网盘（公共盘）上传的文件（/myPublicwp），fname 为所在文件夹；fId 为在某文件夹（含下级）中找；筛选与排序同文件夹列表',
    Type.Object({
      fId: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 2_147_483_647, errorMessage: '文件夹编号不正确' }),
      ),
      ...ListFilters,
    }),
    Page(DriveRow),
  ),
  myFavorites: endpoint(
    '/resources/getMyFavorites',
    'staff',
    '我的收藏（新的在前），resId 为收藏记录',
    Type.Object(ListFilters),
    Page(MineRow),
  ),
  myDownloads: endpoint(
    '/resources/getMyDownloads',
    'staff',
    '我的下载（新的在前），resId 为下载记录',
    Type.Object(ListFilters),
    Page(MineRow),
  ),
  myShares: endpoint(
    '/resources/getMyShares',
    'staff',
    '我的分享（新的在前），resId 为分享记录（取消分享用），shareUrl 为分享链接，另有提取码、有效期、下载次数与状态（有效/已过期/已取消/次数用完）',
    Type.Object(ListFilters),
    Page(MineRow),
  ),
  myFolderShares: endpoint(
    '/resources/getMyFolderShares',
    'owner',
    '我的文件夹分享（新的在前）：resId 为分享记录（取消分享用 cancelShare），fId、fname 为分享的文件夹，shareUrl 为分享链接，另有提取码、有效期、下载次数与状态',
    Type.Object({ ...Who, ...Paging(10) }),
    Page(
      Type.Object({
        resId: Type.Integer(),
        fId: Type.Integer(),
        fname: Type.String(),
        shareUrl: Type.String(),
        shareCode: Type.String(),
        createDate: Type.String(),
        ...ShareFields,
      }),
    ),
  ),
  delDownloadRecord: endpoint(
    '/resources/delDownloadRecord',
    'owner',
    '从我的下载中移除记录（下载数不变）',
    Type.Object({ userId: Type.Optional(UserId), resId: IdList('请选择文件') }),
    Nothing,
  ),
});

/** A line of the 回收站 (issue 19): a deleted file (stype 1) or folder (stype 0); resId the entry. */
export const RecycleRow = Type.Object({
  resId: Type.Integer(),
  stype: Type.Integer(),
  resourcesName: Type.String(),
  /** RESOURCES_FILE_TYPE of a file, "-1" for a folder. */
  resourcesFileType: Type.String(),
  /** Where it was: "教学网盘 / 数学 / 高一". */
  place: Type.String(),
  /** 0 the library, 1 a person's disk. */
  sType: Type.Integer(),
  deleteDate: Type.String(),
  /** Days before the daily purge removes it for good. */
  daysLeft: Type.Integer(),
  /** Bytes of its files and their versions. */
  resourcesSize: Type.Integer(),
  fileCount: Type.Integer(),
  /** Who deleted it. */
  userId: Maybe(Type.Integer()),
  userName: Type.String(),
});
export type RecycleRow = Static<typeof RecycleRow>;

/** An earlier content of a file, kept by 替换 (issue 19). */
export const FileVersion = Type.Object({
  versionId: Type.Integer(),
  resourcesId: Type.Integer(),
  resourcesFname: Type.String(),
  resourcesSize: Type.Integer(),
  /** Who uploaded these bytes, and when. */
  userId: Maybe(Type.Integer()),
  userName: Type.String(),
  createDate: Type.String(),
  /** When they were replaced. */
  replaceDate: Type.String(),
  /** Its bytes, under the file's own read rule. */
  url: Type.String(),
  canRestore: Type.Boolean(),
});
export type FileVersion = Static<typeof FileVersion>;

/** 回收站 and versions of the drive (issue 19). */
export const driveTrashCalls = endpoints('drive', {
  recycleList: endpoint(
    '/resources/getRecycleList',
    'staff',
    '回收站：scope mine（默认）为本人删除的与我的网盘中的，library 为教学网盘的（网盘管理员）；删除后保留 DRIVE_TRASH_DAYS 天（默认 30 天），新删的在前；KeywordName 查找名称',
    Type.Object({
      scope: Type.Optional(WordOf(['mine', 'library'], 'scope 须为 mine 或 library')),
      KeywordName: Type.Optional(
        Type.String({ maxLength: 50, errorMessage: '搜索内容不能超过50个字' }),
      ),
      ...Paging(DRIVE_PAGE_SIZE, 50),
    }),
    Page(RecycleRow),
  ),
  restoreResource: endpoint(
    '/resources/restoreResource',
    'owner',
    '还原：回到原来的文件夹，文件夹已不在时回到所在网盘的最上层；同名时加序号保留两者；删除者本人、我的网盘的主人、教学网盘的网盘管理员可还原',
    Type.Object({ userId: Type.Optional(UserId), resId: Id('请选择要还原的项目') }),
    /** Where it went (fid null: the top of its space); toTop: its folder was gone, so the top. */
    Type.Object({ name: Type.String(), fid: Maybe(Type.Integer()), toTop: Type.Boolean() }),
  ),
  purgeResource: endpoint(
    '/resources/purgeResource',
    'owner',
    '彻底删除回收站中的项目（不可恢复）；没有文件或版本再用的内容一并删除',
    Type.Object({ userId: Type.Optional(UserId), resId: Id('请选择要彻底删除的项目') }),
    Nothing,
  ),
  checkNames: endpoint(
    '/resources/checkNames',
    'owner',
    '上传前查同名：目标文件夹（fId，或 sType 1 的我的网盘最上层）中已有的文件名；names 为 JSON 数组（最多10个）',
    Type.Object({
      ...ResourceTarget,
      names: Type.String({ minLength: 2, maxLength: 5000, errorMessage: '请选择文件' }),
    }),
    Type.Array(Type.String()),
  ),
  versions: endpoint(
    '/resources/getVersions',
    'owner',
    '文件的历史版本（新的在前，最多保留 10 个），可看且可下载该文件的人可看（防泄密文件为上传者与网盘管理员）；canRestore 为可还原（可编辑该文件的人）',
    Type.Object({ resId: Id('请选择文件') }),
    Type.Array(FileVersion),
  ),
  restoreVersion: endpoint(
    '/resources/restoreVersion',
    'owner',
    '还原历史版本：当前内容成为一个历史版本',
    Type.Object({ versionId: Id('请选择版本') }),
    Type.Object({ resourcesId: Type.Integer() }),
  ),
});

/**
 * While a preview is being made (202): `state` queued (with `position`, the
 * conversions before it) or converting.
 */
export const PreviewProgress = Type.Object({
  state: WordOf(['queued', 'converting'], 'state'),
  position: Maybe(Type.Integer()),
});
export type PreviewProgress = Static<typeof PreviewProgress>;

/** `api/resources/preview/:resourcesId` (issue 19): a drive file as PDF pages. */
export const drivePreviewCalls = endpoints('drive', {
  preview: rawEndpoint(
    '/resources/preview/:resourcesId',
    'owner',
    '文件预览（PDF）：Word、Excel、PowerPoint、OpenDocument 与 RTF 由 LibreOffice 转为 PDF（首次请求时排队转换，202 与 data.state 为 queued / converting，完成后 200 application/pdf），PDF 原样；防泄密文件每页加查看人姓名与时间的水印；其他类型或未安装 LibreOffice 时 415 暂不支持预览，请下载；转换失败或超时 422；与文件本身同样的查看权限',
    { method: 'GET', params: ResourceFileParams, produces: 'application/pdf' },
    PreviewProgress,
  ),
});
