import {
  ContentVersion,
  ListDateRange,
  SaveVersion,
  batchEndpoints,
  reviewEndpoints,
  versionEndpoints,
} from './cms.js';
import {
  Flag,
  Id,
  Maybe,
  Nothing,
  OneOf,
  Page,
  endpoint,
  endpoints,
  ID_MAX,
  defaulted,
  ViewCounted,
  CallerId,
} from './shared.js';
import { Paging, Type, WordOf, type Static } from './shared.js';

const VideoId = Id('请选择视频');
const Caller = CallerId();
const VideoTypeId = Id('请选择视频分类');

/** Forms send `files` as JSON text; once parsed, the save refuses a bad list with this. */
export const VIDEO_FILES_MESSAGE = '视频文件列表格式不正确';

/** 1: everyone sees the video; 2: logged-in staff only (the lists: also show those). */
const ListEnableType = defaulted(
  Type.Unsafe<1 | 2>({
    type: 'integer',
    enum: [1, 2],
    default: 1,
    errorMessage: 'enableType 须为 1 或 2',
  }),
);

/**
 * The pages send ifShelves and checkStatus 'A' (on the shelf, approved). The
 * public list is always that, so any short value is accepted and not used.
 */
const IgnoredFlag = Type.String({ maxLength: 8, errorMessage: '参数格式不正确' });

/** The review states of the platform (draft → submitted → approved / rejected). */
const REVIEW_STATES = ['draft', 'submitted', 'approved', 'rejected'] as const;
const ReviewState = WordOf(
  REVIEW_STATES,
  'reviewState 须为 draft、submitted、approved 或 rejected',
);

/** A video category of the video centre. */
export const VideoCategory = Type.Object({
  typeId: Type.Integer(),
  typeName: Type.String(),
  parentId: Type.Integer(),
});
export type VideoCategory = Static<typeof VideoCategory>;

/** A video as the public lists show it (videoDesc: the start of its introduction as text). */
export const VideoItem = Type.Object({
  videoId: Type.Integer(),
  typeId: Type.Integer(),
  typeName: Type.String(),
  videoTitle: Type.String(),
  videoDesc: Type.String(),
  imgUrl: Type.String(),
  source: Maybe(Type.String()),
  releaseUser: Maybe(Type.String()),
  createStaff: Maybe(Type.Integer()),
  enableType: Type.Integer(),
  ifTop: Type.Integer(),
  viewCount: Type.Integer(),
  flowerCount: Type.Integer(),
  createDate: Type.String(),
});
export type VideoItem = Static<typeof VideoItem>;

/**
 * One video opened: its introduction (HTML), the first file the player starts
 * with, how many files it has, and whether the public sees it now (else its
 * author or an administrator previews it).
 */
export const VideoDetail = Type.Object({
  ...VideoItem.properties,
  videoContent: Type.String(),
  filePath: Type.String(),
  fileCount: Type.Integer(),
  /**
   * portal.md §4: whether this page has counted a play yet. A page that has
   * just opened has not (false); the page counts the first play
   * (api/video/addViewCount) and then holds it true itself.
   */
  isShow: Type.Boolean(),
  published: Type.Boolean(),
});
export type VideoDetail = Static<typeof VideoDetail>;

/**
 * A video as api/news/getVideoList answers it, in the spec's fields (intranet.md
 * §3 "Video": videoId, videoTitle, typeName, filePath, fileName): a video of a
 * video set (newcontenttype 3; videoId null, fileId its file, typeName the
 * set's column), or a video of the video centre (videoId; fileId, filePath and
 * fileName its first file, empty when it has none yet). The portal.md §3
 * Video fields imgUrl, flowerCount, createStaff, releaseUser and source are a
 * video set's news item's own for its videos (videoId null: the item's cover,
 * likes, author, byline and source), and the video's own for a video-centre
 * video.
 */
export const NewsVideoItem = Type.Object({
  videoId: Maybe(Type.Integer()),
  fileId: Maybe(Type.Integer()),
  typeId: Type.Integer(),
  typeName: Type.String(),
  videoTitle: Type.String(),
  filePath: Type.String(),
  fileName: Type.String(),
  imgUrl: Type.String(),
  source: Maybe(Type.String()),
  releaseUser: Maybe(Type.String()),
  createStaff: Maybe(Type.Integer()),
  flowerCount: Type.Integer(),
  createDate: Type.String(),
});
export type NewsVideoItem = Static<typeof NewsVideoItem>;

/** One file of a video's catalogue. */
export const VideoFileItem = Type.Object({
  fileId: Type.Integer(),
  fileName: Type.String(),
  filePath: Type.String(),
  createDate: Type.String(),
});
export type VideoFileItem = Static<typeof VideoFileItem>;

/** A logged-in viewer's visit: who, as what, when, from where. */
export const VideoFootprint = Type.Object({
  userId: Maybe(Type.Integer()),
  userName: Type.String(),
  roleId: Type.Integer(),
  landingtime: Type.String(),
  ipaccess: Type.String(),
});
export type VideoFootprint = Static<typeof VideoFootprint>;

/** Where a video stands in the review, on the shelf and pinned; live: the public sees it now. */
export const VideoState = Type.Object({
  reviewState: ReviewState,
  reviewStateName: Type.String(),
  reviewNote: Maybe(Type.String()),
  ifShelves: Type.Integer(),
  ifTop: Type.Integer(),
  live: Type.Boolean(),
});
export type VideoState = Static<typeof VideoState>;

/** What a workflow step (submit, approve, reject, shelve, unshelve, pin) answers. */
export const VideoStepAnswer = Type.Object({ videoId: Type.Integer(), ...VideoState.properties });
export type VideoStepAnswer = Static<typeof VideoStepAnswer>;

/** A video as the platform's list shows it. */
export const VideoAdminItem = Type.Object({
  videoId: Type.Integer(),
  typeId: Type.Integer(),
  typeName: Type.String(),
  videoTitle: Type.String(),
  imgUrl: Type.String(),
  thumbUrl: Type.String(),
  enableType: Type.Integer(),
  releaseUser: Maybe(Type.String()),
  createStaff: Maybe(Type.Integer()),
  createStaffName: Type.String(),
  fileCount: Type.Integer(),
  ...VideoState.properties,
  createDate: Type.String(),
  updateDate: Type.String(),
});
export type VideoAdminItem = Static<typeof VideoAdminItem>;

/** One file of the edit form's catalogue (url: where it plays). */
export const VideoEditFile = Type.Object({
  fileId: Type.Integer(),
  fileName: Type.String(),
  url: Type.String(),
});
export type VideoEditFile = Static<typeof VideoEditFile>;

/** The editable fields of a video, as the edit form and a saved version show them. */
const VideoEditable = Type.Object({
  typeId: Type.Integer(),
  videoTitle: Type.String(),
  videoContent: Type.String(),
  coverFileId: Maybe(Type.Integer()),
  imgUrl: Type.String(),
  source: Maybe(Type.String()),
  releaseUser: Maybe(Type.String()),
  enableType: Type.Integer(),
  files: Type.Array(VideoEditFile),
});

/** A video in the platform's edit form, with where it stands in the review. */
export const VideoEdit = Type.Object({
  videoId: Type.Integer(),
  ...VideoEditable.properties,
  thumbUrl: Type.String(),
  ...VideoState.properties,
  createStaff: Maybe(Type.Integer()),
  createDate: Type.String(),
  updateDate: Type.String(),
  version: ContentVersion,
});
export type VideoEdit = Static<typeof VideoEdit>;

/** One saved version in the list of versions (newest first). */
export const VideoRevisionEntry = Type.Object({
  revisionId: Type.Integer(),
  staffName: Type.String(),
  createDate: Type.String(),
});
export type VideoRevisionEntry = Static<typeof VideoRevisionEntry>;

/** One saved version in full, in the shape of the edit form, for comparing. */
export const VideoRevision = Type.Object({
  revisionId: Type.Integer(),
  videoId: Type.Integer(),
  staffName: Type.String(),
  createDate: Type.String(),
  ...VideoEditable.properties,
});
export type VideoRevision = Static<typeof VideoRevision>;

/** A video category as the platform lists it (videoCount: the videos that use it). */
export const VideoTypeAdminItem = Type.Object({
  typeId: Type.Integer(),
  typeName: Type.String(),
  parentId: Type.Integer(),
  sort: Type.Integer(),
  videoCount: Type.Integer(),
});
export type VideoTypeAdminItem = Static<typeof VideoTypeAdminItem>;

// roleId and userName are what the pages send; the session says who the caller is.
const VisitBody = Type.Object({
  videoId: VideoId,
  roleId: Type.Optional(Type.Integer({ errorMessage: '身份不正确' })),
  userId: Type.Optional(Caller),
  userName: Type.Optional(Type.String({ maxLength: 64, errorMessage: '用户名过长' })),
});
const LikeBody = Type.Object({ videoId: VideoId, staffId: Type.Optional(Caller) });
const FlowerCount = Type.Object({ flowerCount: Type.Integer() });

/** api/video/* and api/news/getVideoList (portal.md §7 video controller). */
export const videoCalls = endpoints('video', {
  /**
   * No body, an empty one or `{}` lists the top categories; kept as the old
   * schema (object or null), which TypeBox cannot write as one coercible type.
   */
  categories: endpoint(
    '/video/getVideoTypeList',
    'public',
    '视频分类（parentId 的下级，默认 0 即全部一级分类）',
    Type.Unsafe<{ parentId?: number } | null>({
      type: ['object', 'null'],
      properties: {
        parentId: { type: 'integer', minimum: 0, errorMessage: '上级分类编号不正确' },
      },
    }),
    Type.Array(VideoCategory),
  ),
  list: endpoint(
    '/video/getVideoList',
    'public',
    '视频列表（已上架且已审核，置顶在前，按发布时间倒序；typeId 为视频分类）',
    Type.Object({
      ifShelves: Type.Optional(IgnoredFlag),
      checkStatus: Type.Optional(IgnoredFlag),
      /** 0 or absent: every category. */
      typeId: Type.Optional(Type.Integer({ minimum: 0, errorMessage: '视频分类编号不正确' })),
      enableType: ListEnableType,
      ...Paging(6),
    }),
    Page(VideoItem),
  ),
  newsList: endpoint(
    '/news/getVideoList',
    'public',
    '视频列表（新闻接口）；newId 时为该新闻的视频（视频集的视频在前，再是随该新闻发布的视频中心视频），typeId（13）不作筛选',
    Type.Object({
      newId: Type.Optional(Id('请选择新闻')),
      typeId: Type.Optional(Type.Integer({ minimum: 0, errorMessage: '栏目编号不正确' })),
      ifShelves: Type.Optional(IgnoredFlag),
      checkStatus: Type.Optional(IgnoredFlag),
      enableType: ListEnableType,
      ...Paging(6),
    }),
    Page(NewsVideoItem),
  ),
  detail: endpoint(
    '/video/getVideoDetails',
    'public',
    '视频详情（简介 videoContent 为 HTML，filePath 为第一个视频文件）',
    Type.Object({ videoId: VideoId }),
    VideoDetail,
  ),
  files: endpoint(
    '/video/getVideoFiles',
    'public',
    '视频的文件目录（每页 12 个）',
    Type.Object({ videoId: VideoId, ...Paging(12) }),
    Page(VideoFileItem),
  ),
  addFootprint: endpoint(
    '/video/addVideoFootprint',
    'staff',
    '记录一次登录用户的观看（脚印）',
    VisitBody,
    Nothing,
  ),
  countView: endpoint(
    '/video/addViewCount',
    'staff',
    '播放量加一（登录用户第一次播放时；每人每天计一次），返回最新播放量',
    VisitBody,
    ViewCounted,
  ),
  /**
   * Beyond the spec (issue 18): the first play on a page, by every visitor;
   * one per visitor, video and day, crawlers not counted.
   */
  view: endpoint(
    '/video/view',
    'public',
    '记录一次播放：每位访客每个视频每天计一次，爬虫不计；返回播放量',
    Type.Object({ videoId: VideoId }),
    ViewCounted,
  ),
  footprints: endpoint(
    '/video/selectVideoFootprintList',
    'owner',
    '脚印：谁在何时从何处观看过（管理员或发布者）',
    Type.Object({ videoId: VideoId, ...Paging(10, 100) }),
    Page(VideoFootprint),
  ),
  /** Answers status 1 (not an error) when the caller already liked it. */
  likeState: endpoint(
    '/video/selectIfFlower',
    'staff',
    '是否已点赞：status 0 可以点赞，status 1 已点赞',
    LikeBody,
    FlowerCount,
  ),
  like: endpoint(
    '/video/updateFlowerCount',
    'staff',
    '点赞（每人每个视频一次），返回最新点赞数',
    LikeBody,
    FlowerCount,
  ),
  remove: endpoint(
    '/video/deleteVideo',
    'owner',
    '删除视频（管理员或发布者），记入操作日志',
    VisitBody,
    Nothing,
  ),
});

/** api/cms/video/* (the content-management platform; the workflow and versions calls aside). */
export const cmsVideoCalls = endpoints('cms', {
  list: endpoint(
    '/cms/video/list',
    'staff',
    '内容管理：视频列表（教师只看自己的，管理员看全部；按修改时间倒序）',
    Type.Object({
      typeId: Type.Optional(Type.Integer({ minimum: 0, errorMessage: '视频分类编号不正确' })),
      reviewState: Type.Optional(ReviewState),
      mine: Type.Optional(Flag('mine 须为 0 或 1')),
      keyword: Type.Optional(
        Type.String({ maxLength: 50, errorMessage: '搜索内容不能超过50个字' }),
      ),
      /** 发布日期 起止: the day the video was published (created), Beijing days. */
      ...ListDateRange,
      ...Paging(10, 100),
    }),
    Page(VideoAdminItem),
  ),
  get: endpoint(
    '/cms/video/get',
    'owner',
    '内容管理：编辑表单中的一个视频（可编辑字段、视频文件与审核状态）',
    Type.Object({ videoId: VideoId }),
    VideoEdit,
  ),
  /** files: an ordered array, or (forms) its JSON text, parsed before the check. */
  save: endpoint(
    '/cms/video/save',
    'owner',
    '内容管理：保存视频（无 videoId 为新增）；files 为有序的 {fileId, fileName} 数组或其 JSON 文本；教师保存后回到草稿并下架',
    Type.Object({
      videoId: Type.Optional(VideoId),
      typeId: Type.Integer({ minimum: 1, maximum: ID_MAX, errorMessage: '请选择视频分类' }),
      videoTitle: Type.String({
        minLength: 1,
        maxLength: 200,
        errorMessage: '请输入视频标题，不超过200个字',
      }),
      videoContent: Type.Optional(
        Type.String({ maxLength: 200_000, errorMessage: '简介格式不正确或过长' }),
      ),
      coverFileId: Type.Optional(Type.Integer({ minimum: 0, errorMessage: '封面图片不正确' })),
      source: Type.Optional(Type.String({ maxLength: 100, errorMessage: '来源不能超过100个字' })),
      releaseUser: Type.Optional(
        Type.String({ maxLength: 64, errorMessage: '发布人不能超过64个字' }),
      ),
      enableType: Type.Optional(OneOf([1, 2], '可见范围须为 1（公开）或 2（仅校内）')),
      files: Type.Optional(
        Type.Array(
          Type.Object(
            {
              fileId: Type.Integer({ minimum: 1 }),
              fileName: Type.Optional(Type.String({ maxLength: 255 })),
            },
            { additionalProperties: false },
          ),
          { maxItems: 50, errorMessage: VIDEO_FILES_MESSAGE },
        ),
      ),
      /** The edit form's version: 409 when the video changed since. */
      version: Type.Optional(SaveVersion),
    }),
    Type.Object({ videoId: Type.Integer() }),
  ),
  remove: endpoint(
    '/cms/video/delete',
    'owner',
    '内容管理：删除视频（管理员或发布者；从列表与搜索中立即消失）',
    Type.Object({ videoId: VideoId }),
    Nothing,
  ),
});

/** api/cms/videoType/* (administrators). */
export const cmsVideoTypeCalls = endpoints('cms', {
  list: endpoint(
    '/cms/videoType/list',
    'contentAdmin',
    '内容管理：视频分类（按排序；videoCount 为使用该分类的视频数），仅管理员',
    undefined,
    Type.Array(VideoTypeAdminItem),
  ),
  save: endpoint(
    '/cms/videoType/save',
    'contentAdmin',
    '内容管理：新增（无 typeId）或修改视频分类，仅管理员；分类均为一级（parentId 0）',
    Type.Object({
      typeId: Type.Optional(VideoTypeId),
      typeName: Type.String({
        minLength: 1,
        maxLength: 20,
        errorMessage: '请输入分类名称，不超过20个字',
      }),
      sort: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 9999, errorMessage: '排序须为0到9999的整数' }),
      ),
      parentId: Type.Optional(OneOf([0], '视频分类只有一级，parentId 须为 0')),
    }),
    Type.Object({ typeId: Type.Integer() }),
  ),
  remove: endpoint(
    '/cms/videoType/delete',
    'contentAdmin',
    '内容管理：删除视频分类（仍有视频使用时拒绝），仅管理员',
    Type.Object({ typeId: VideoTypeId }),
    Nothing,
  ),
});

/** api/cms/video/{submit,approve,reject,shelve,unshelve,pin}: the review of videos. */
export const cmsVideoReviewCalls = reviewEndpoints(
  '/cms/video',
  'videoId',
  '视频',
  VideoStepAnswer,
  {
    shelvers: '仅管理员',
    access: {
      submit: 'owner',
      approve: 'contentAdmin',
      reject: 'contentAdmin',
      shelve: 'contentAdmin',
      unshelve: 'contentAdmin',
      pin: 'contentAdmin',
    },
  },
);

/** api/cms/video/{batchApprove,batchUnshelve,batchDelete}: bulk steps of the video list. */
export const cmsVideoBatchCalls = batchEndpoints('/cms/video', '视频', {
  approve: 'contentAdmin',
  unshelve: 'contentAdmin',
  remove: 'owner',
});

/** api/cms/video/{revisions,revision,restore}: the saved versions of videos. */
export const cmsVideoVersionCalls = versionEndpoints(
  '/cms/video',
  'videoId',
  '视频',
  { entry: VideoRevisionEntry, version: VideoRevision },
  'owner',
);
