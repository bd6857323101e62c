import {
  Id,
  Maybe,
  Nothing,
  Type,
  WordOf,
  endpoint,
  endpoints,
  rawEndpoint,
  CallerId,
} from './shared.js';
import type { Static } from './shared.js';

/**
 * Share links of the teaching drive (issue 19): made and cancelled by staff,
 * opened by anyone with the link (and its extraction code, when it has one).
 * A file's link reaches that one file; a folder's link the folders and files
 * below it that the link's owner may read at the moment of each request.
 */

/** Downloads a link may allow at most. */
export const SHARE_MAX_DOWNLOADS = 10000;
/** Lifetimes a link may have, in days ('0': never expires). */
export const SHARE_EXPIRE_DAYS = ['1', '7', '30', '0'] as const;
/** The characters of an extraction code: no look-alikes (0/o, 1/l/i). */
export const EXTRACT_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** What a link is now, as 我的分享 shows it. */
export const SHARE_STATES = ['有效', '已过期', '已取消', '次数用完'] as const;
export type ShareState = (typeof SHARE_STATES)[number];

/** The options of 分享 (form strings; '' = not given). */
export const ShareOptions = {
  needCode: Type.Optional(WordOf(['0', '1'], 'needCode 须为 0 或 1')),
  expireDays: Type.Optional(WordOf(SHARE_EXPIRE_DAYS, '有效期须为 1天、7天、30天或永久')),
  maxDownloads: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: SHARE_MAX_DOWNLOADS,
      errorMessage: `下载次数上限须为 1 到 ${SHARE_MAX_DOWNLOADS} 的整数`,
    }),
  ),
};

export const ShareMade = Type.Object({
  url: Type.String(),
  shareCode: Type.String(),
  /** null: the link needs no code. */
  extractCode: Maybe(Type.String()),
});

/** A share's own fields on a line of 我的分享. */
export const ShareFields = {
  extractCode: Type.Optional(Maybe(Type.String())),
  /** "2026-03-09 08:00", null: never. */
  expireDate: Type.Optional(Maybe(Type.String())),
  downloads: Type.Optional(Type.Integer()),
  maxDownloads: Type.Optional(Maybe(Type.Integer())),
  shareState: Type.Optional(Type.String()),
};

const ShareCode = Type.String({
  minLength: 1,
  maxLength: 16,
  pattern: '^[A-Za-z0-9_-]+$',
  errorMessage: '分享链接不正确',
});
const ExtractCode = Type.String({ maxLength: 8, errorMessage: '提取码不正确' });

/** How a browser can show the shared file: what /api/share/preview answers. */
export const SharePreview = Maybe(
  Type.Union([
    Type.Literal('image'),
    Type.Literal('pdf'),
    /** An office document: its PDF pages (202 while LibreOffice converts it). */
    Type.Literal('office'),
    Type.Literal('video'),
    Type.Literal('audio'),
    Type.Literal('text'),
  ]),
);
export type SharePreview = Static<typeof SharePreview>;

/** A file as a link shows it. */
const SharedFile = {
  name: Type.String(),
  size: Type.Number(),
  /** RESOURCES_FILE_TYPE (2 documents, 3 slides, 8 sheets, 4 pictures, 5 audio, 6 video, 9 archives). */
  fileType: Type.String(),
  extension: Type.String(),
  mimeType: Type.String(),
  preview: SharePreview,
  /** 防泄密: no download; the preview (PDF pages only) is watermarked for the visitor. */
  leakProtected: Type.Boolean(),
};

export const ShareInfo = Type.Object({
  needCode: Type.Boolean(),
  /** false: the link needs a code and none (or '') was sent; `file` is null. */
  unlocked: Type.Boolean(),
  /** A file's link: the file's uploader; a folder's link: who made it. */
  uploaderName: Type.String(),
  /** A folder's link only: the folder (its contents: getShareFolder). */
  folder: Type.Optional(Type.Object({ fId: Type.Integer(), fname: Type.String() })),
  /** "2026-03-09 08:00", null: never. */
  expireDate: Maybe(Type.String()),
  file: Maybe(Type.Object(SharedFile)),
});
export type ShareInfo = Static<typeof ShareInfo>;

/** What a link is, before its code: what the page says of it whichever kind it is. */
export const ShareLink = Type.Object({
  kind: Type.Union([Type.Literal('file'), Type.Literal('folder')]),
  /** Who made the link. */
  sharerName: Type.String(),
});
export type ShareLink = Static<typeof ShareLink>;

const FolderName = Type.Object({ fId: Type.Integer(), fname: Type.String() });

/** One folder of a folder's link: where it is, the folders and the files in it. */
export const ShareFolder = Type.Object({
  fId: Type.Integer(),
  fname: Type.String(),
  /** From the shared folder down to this one (the breadcrumbs). */
  path: Type.Array(FolderName),
  folders: Type.Array(Type.Object({ ...FolderName.properties, updateTime: Type.String() })),
  files: Type.Array(
    Type.Object({ resourcesId: Type.Integer(), ...SharedFile, updateTime: Type.String() }),
  ),
});
export type ShareFolder = Static<typeof ShareFolder>;

const ShareFileParams = Type.Object({ shareCode: ShareCode });
const ShareFileQuery = Type.Object({
  extractCode: Type.Optional(ExtractCode),
  download: Type.Optional(WordOf(['0', '1'], 'download 只能为 0 或 1')),
  /** A folder's link: which of its files. */
  resourcesId: Type.Optional(Id('请选择文件')),
});
const ShareZipQuery = Type.Object({
  extractCode: Type.Optional(ExtractCode),
  /** A folder below the shared one; none: the shared folder. */
  fId: Type.Optional(Id('请选择文件夹目录')),
});

export const driveShareCalls = endpoints('drive', {
  cancelShare: endpoint(
    '/resources/cancelShare',
    'owner',
    '取消分享：resId 为我的分享中的记录；只能取消自己的分享，取消后链接立即失效',
    Type.Object({ userId: Type.Optional(CallerId()), resId: Id('请选择分享') }),
    Nothing,
  ),
  shareInfo: endpoint(
    '/share/getShareInfo',
    'public',
    '分享链接的文件信息（无需登录）：需要提取码而未填时 unlocked 为 false、file 为 null；提取码错误 403，错误过多 429；已取消、已过期、下载次数用完、文件已删除 410；链接不存在 404',
    Type.Object({ shareCode: ShareCode, extractCode: Type.Optional(ExtractCode) }),
    ShareInfo,
  ),
  shareLink: endpoint(
    '/share/getShareLink',
    'public',
    '分享链接是文件还是文件夹（kind）与分享人（无需登录，无需提取码）；拒绝同 getShareInfo（不查提取码）',
    Type.Object({ shareCode: ShareCode }),
    ShareLink,
  ),
  shareFolder: endpoint(
    '/share/getShareFolder',
    'public',
    '文件夹分享中的一个文件夹（无需登录，需要时带 extractCode）：fId 为分享的文件夹或其下级（空为分享的文件夹），列出其中分享者此刻可以查看的文件夹与文件；不在分享的文件夹中 404；拒绝同 getShareInfo',
    Type.Object({
      shareCode: ShareCode,
      extractCode: Type.Optional(ExtractCode),
      fId: Type.Optional(Id('请选择文件夹目录')),
    }),
    ShareFolder,
  ),
});

export const driveShareFileCalls = endpoints('drive', {
  file: rawEndpoint(
    '/share/file/:shareCode',
    'public',
    '分享的文件（无需登录，需要时带 extractCode；文件夹分享带 resourcesId）：每次取得文件（显示或 download=1 下载）计一次下载（Range 从 0 开始的请求才计）；支持 Range；拒绝同 getShareInfo',
    {
      method: 'GET',
      params: ShareFileParams,
      query: ShareFileQuery,
      produces: 'application/octet-stream',
    },
    Nothing,
  ),
  preview: rawEndpoint(
    '/share/preview/:shareCode',
    'public',
    '分享文件的预览（无需登录）：图片、PDF、音频、视频、文本在页面中显示；其他格式 404 暂不支持预览，请下载',
    {
      method: 'GET',
      params: ShareFileParams,
      query: ShareFileQuery,
      produces: 'application/octet-stream',
    },
    Nothing,
  ),
  zip: rawEndpoint(
    '/share/zip/:shareCode',
    'public',
    '文件夹分享的打包下载（无需登录，需要时带 extractCode）：fId 为其下级文件夹（空为整个分享的文件夹），只含分享者此刻可以查看且可以下载的文件；计一次下载；拒绝同 getShareInfo',
    {
      method: 'GET',
      params: ShareFileParams,
      query: ShareZipQuery,
      produces: 'application/zip',
    },
    Nothing,
  ),
});
