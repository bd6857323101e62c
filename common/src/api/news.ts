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

const NewId = Id('请选择新闻');
const SubjectNewId = Id('请选择专题子新闻');
const StaffId = Id('用户编号不正确');
const Caller = CallerId();
/** A column; 0 is the root (the top columns' parent). */
const ColumnId = Type.Integer({ minimum: 0, errorMessage: '栏目编号不正确' });
/** 1: what everyone sees; 2: the intranet's view, also holding staff-only items. */
const EnableType = defaulted(
  Type.Unsafe<1 | 2>({
    type: 'integer',
    enum: [1, 2],
    default: 1,
    errorMessage: 'enableType 须为 1 或 2',
  }),
);
const SearchText = Type.String({ maxLength: 50, errorMessage: '搜索内容不能超过50个字' });

/** Where an item stands in the review: a draft, waiting, approved or sent back. */
export const NEWS_REVIEW_STATES = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type NewsReviewState = (typeof NEWS_REVIEW_STATES)[number];

/** The places of an item's files: attachments, carousel pictures, videos. */
export const NEWS_FILE_ROLES = ['attachment', 'image', 'video'] as const;
export type NewsFileRole = (typeof NEWS_FILE_ROLES)[number];

// ---- what the portal reads ----

const newsItemFields = {
  newId: Type.Integer(),
  typeId: Type.Integer(),
  typeName: Type.String(),
  newsTitle: Type.String(),
  newsDesc: Type.String(),
  newsType: Type.Integer(),
  newcontenttype: Type.Integer(),
  ifTop: Type.Integer(),
  schChange: Maybe(Type.Integer()),
  enableType: Type.Integer(),
  source: Maybe(Type.String()),
  releaseUser: Maybe(Type.String()),
  createStaff: Maybe(Type.Integer()),
  /** The name of the account that wrote it (createStaff); releaseUser is the byline shown. */
  createUser: Maybe(Type.String()),
  /** The publishing department (the author's main department when written). */
  deptId: Maybe(Type.Integer()),
  deptName: Maybe(Type.String()),
  viewCount: Type.Integer(),
  flowerCount: Type.Integer(),
  imgUrl: Type.String(),
  newsUrl: Maybe(Type.String()),
  shelvesDate: Type.String(),
  statusDate: Type.String(),
  createDate: Type.String(),
};

/** A news item as other answers carry it (the detail's fields, the staff search's rows). */
export const NewsItem = Type.Object(newsItemFields);
export type NewsItem = Static<typeof NewsItem>;

/** Days an item counts as new after its shelves date: the 新 badge (`newest` 1). */
export const NEWEST_DAYS = 7;

/**
 * A news item in a list (api/news/getNewsList, api/news/getTeachHomeNews, the
 * home page's tabs): newest 1 when it went on the shelf less than NEWEST_DAYS
 * ago (intranet.md §3 "newest (1 shows a new badge)").
 */
export const NewsListItem = Type.Object({ ...newsItemFields, newest: Type.Integer() });
export type NewsListItem = Static<typeof NewsListItem>;

/** An attachment (fileList) or a carousel picture or video (imgOrViewList). */
export const NewsFile = Type.Object({
  fileId: Maybe(Type.Integer()),
  fileName: Type.String(),
  filePath: Type.String(),
  /** 1: a file of the old site (filePath is its path). */
  oldfile: Type.Integer(),
  caption: Maybe(Type.String()),
});
export type NewsFile = Static<typeof NewsFile>;

const newsFilesFields = {
  fileList: Type.Array(NewsFile),
  imgOrViewList: Type.Array(NewsFile),
};

/** One news item (api/news/getNewsDetails). */
export const NewsDetail = Type.Object({
  ...newsItemFields,
  newsContent: Type.String(),
  /**
   * Whether the public sees it now (approved, on the shelf, due). Only its
   * author and administrators can read an item that is not: a preview.
   */
  published: Type.Boolean(),
  ...newsFilesFields,
});
export type NewsDetail = Static<typeof NewsDetail>;

/** A news column (typeId), under parentId (0: a top column). */
export const NewsColumn = Type.Object({
  typeId: Type.Integer(),
  typeName: Type.String(),
  parentId: Type.Integer(),
});
export type NewsColumn = Static<typeof NewsColumn>;

/** A top column with its children (api/news/getNewsTypeTreeList). */
export const NewsColumnNode = Type.Object({
  typeId: Type.Integer(),
  typeName: Type.String(),
  parentId: Type.Integer(),
  children: Type.Array(NewsColumn),
});
export type NewsColumnNode = Static<typeof NewsColumnNode>;

/** One tab of the home page's news box: its column and latest items. */
export const NewsHomeTab = Type.Object({
  typeId: Type.Integer(),
  typeName: Type.String(),
  list: Type.Array(NewsListItem),
});
export type NewsHomeTab = Static<typeof NewsHomeTab>;

/**
 * A search result (api/news/getNewsTitleList): a news item, or a video (typeId
 * 13, videoId set). The page opens a hit by its typeId with newId (portal.md §2
 * "Search results"), so newId is always the id of what typeId names: the news
 * item's, or the video's (videoDetail?videoId=newId&typeId=13).
 */
export const NewsSearchHit = Type.Object({
  newId: Type.Integer(),
  videoId: Maybe(Type.Integer()),
  typeId: Type.Integer(),
  typeName: Type.String(),
  newsTitle: Type.String(),
  newsDesc: Type.String(),
  ifTop: Type.Integer(),
  releaseUser: Maybe(Type.String()),
  /** The news item's or the video's own: its cover, author, views and likes as they are now. */
  imgUrl: Type.String(),
  createStaff: Maybe(Type.Integer()),
  viewCount: Type.Integer(),
  flowerCount: Type.Integer(),
  shelvesDate: Type.String(),
});
export type NewsSearchHit = Static<typeof NewsSearchHit>;

/** A sub-news of a special topic in the topic's list. */
export const SubjectNewsItem = Type.Object({
  subjectNewId: Type.Integer(),
  newId: Type.Integer(),
  newsTitle: Type.String(),
  statusDate: Type.String(),
  createDate: Type.String(),
  flowerCount: Type.Integer(),
  viewCount: Type.Integer(),
});
export type SubjectNewsItem = Static<typeof SubjectNewsItem>;

/** One sub-news (api/news/getSubjectNews); parentCreateStaff: the topic's author. */
export const SubjectNewsDetail = Type.Object({
  subjectNewId: Type.Integer(),
  newId: Type.Integer(),
  typeId: Type.Integer(),
  newsTitle: Type.String(),
  newsContent: Type.String(),
  newcontenttype: Type.Integer(),
  source: Maybe(Type.String()),
  releaseUser: Maybe(Type.String()),
  createStaff: Maybe(Type.Integer()),
  parentCreateStaff: Maybe(Type.Integer()),
  viewCount: Type.Integer(),
  flowerCount: Type.Integer(),
  statusDate: Type.String(),
  createDate: Type.String(),
  ...newsFilesFields,
});
export type SubjectNewsDetail = Static<typeof SubjectNewsDetail>;

/** One logged-in view of an item: who, in which role, when, from where. */
export const NewsFootprint = Type.Object({
  userId: Maybe(Type.Integer()),
  userName: Type.String(),
  roleId: Type.Integer(),
  landingtime: Type.String(),
  ipaccess: Type.String(),
});
export type NewsFootprint = Static<typeof NewsFootprint>;

const Likes = Type.Object({ flowerCount: Type.Integer() });

const likeBody = Type.Object({
  newId: NewId,
  staffId: Type.Optional(Caller),
  typeId: Type.Optional(ColumnId),
  /** The spec's name of the liked sub-news; the pages also send subjectNewId. */
  subjectId: Type.Optional(SubjectNewId),
  subjectNewId: Type.Optional(SubjectNewId),
});

const listBody = (defaultSize: number) =>
  Type.Object({
    typeId: Type.Optional(ColumnId),
    newsTitle: Type.Optional(SearchText),
    schChange: Type.Optional(OneOf([1, 2], 'schChange 须为 1 或 2')),
    enableType: EnableType,
    createStaff: Type.Optional(StaffId),
    /** The caller's own items of newsType 1 news, 2 notices, 3 pictures, in any column (staff only). */
    myRelease: Type.Optional(OneOf([1, 2, 3], 'myRelease 须为 1（新闻）、2（通知）或 3（图片）')),
    /** The items of one department (department announcements and regulations). */
    deptId: Type.Optional(Id('请选择部门')),
    ...Paging(defaultSize),
  });

/** api/news/* (portal.md §7 news controller, and the news calls the intranet shares). */
export const newsCalls = endpoints('news', {
  /** No body or `{}`: every column. */
  columns: endpoint(
    '/news/getNewsTypeList',
    'public',
    '新闻栏目（parentId 的下级）',
    Type.Unsafe<{ parentId?: number } | null>({
      type: ['object', 'null'],
      properties: { parentId: { type: 'integer', minimum: 0, errorMessage: '栏目编号不正确' } },
    }),
    Type.Array(NewsColumn),
  ),
  columnTree: endpoint(
    '/news/getNewsTypeTreeList',
    'public',
    '新闻栏目树',
    undefined,
    Type.Array(NewsColumnNode),
  ),
  home: endpoint(
    '/news/getNewsHomePage',
    'public',
    '首页新闻（校园新闻、教育动态、专题新闻各 8 条）',
    undefined,
    Type.Array(NewsHomeTab),
  ),
  list: endpoint(
    '/news/getNewsList',
    'public',
    '新闻列表（置顶在前，按上架时间倒序；newest 1 为上架不满 7 天，显示“新”）',
    listBody(6),
    Page(NewsListItem),
  ),
  search: endpoint(
    '/news/getNewsTitleList',
    'public',
    '按关键字搜索新闻、媒体、专栏、图片与视频（标题与正文）',
    listBody(10),
    Type.Object({
      total: Type.Integer(),
      keyword: Type.String(),
      list: Type.Array(NewsSearchHit),
    }),
  ),
  detail: endpoint(
    '/news/getNewsDetails',
    'public',
    '新闻详情（附件 fileList，轮播图片或视频 imgOrViewList）',
    Type.Object({ newId: NewId, staffId: Type.Optional(StaffId) }),
    NewsDetail,
  ),
  subjectList: endpoint(
    '/news/getSubjectNewsList',
    'public',
    '专题的子新闻列表',
    Type.Object({ newId: NewId, ...Paging(10) }),
    Page(SubjectNewsItem),
  ),
  /** subjectNewId; only newId: the topic's first sub-news (null when it has none). */
  subjectNews: endpoint(
    '/news/getSubjectNews',
    'public',
    '专题子新闻详情（subjectNewId；只给 newId 时为该专题的第一条）',
    Type.Object({
      subjectNewId: Type.Optional(SubjectNewId),
      newId: Type.Optional(NewId),
    }),
    Maybe(SubjectNewsDetail),
  ),
  /**
   * Beyond the spec (issue 18): the page's view, called after it shows, by
   * every visitor; one per visitor, item and day, crawlers not counted.
   */
  view: endpoint(
    '/news/view',
    'public',
    '记录一次浏览：每位访客每条每天计一次，爬虫不计；返回浏览量',
    Type.Object({ newId: NewId, subjectNewId: Type.Optional(SubjectNewId) }),
    ViewCounted,
  ),
  addFootprint: endpoint(
    '/news/addNewsFootprint',
    'staff',
    '记录一次登录用户的浏览（脚印）；浏览量每人每天计一次',
    Type.Object({
      newId: NewId,
      subjectNewId: Type.Optional(SubjectNewId),
      userId: Type.Optional(Caller),
      roleId: Type.Optional(Type.Integer()),
      userName: Type.Optional(Type.String({ maxLength: 64 })),
    }),
    Type.Object({ viewCount: Type.Integer() }),
  ),
  footprints: endpoint(
    '/news/getNewsFootprintList',
    'owner',
    '脚印：谁在何时从何处浏览过（管理员或发布者）',
    Type.Object({
      newId: NewId,
      typeId: Type.Optional(ColumnId),
      subjectNewId: Type.Optional(SubjectNewId),
      ...Paging(10, 100),
    }),
    Page(NewsFootprint),
  ),
  /** status 0: may like; status 1: already liked. */
  likeState: endpoint(
    '/news/selectIfFlower',
    'staff',
    '是否已点赞：status 0 可以点赞，status 1 已点赞',
    likeBody,
    Likes,
  ),
  like: endpoint(
    '/news/updateFlowerCount',
    'staff',
    '点赞（每人每条一次），返回最新点赞数',
    likeBody,
    Likes,
  ),
  remove: endpoint(
    '/news/delNews',
    'owner',
    '删除新闻（管理员或发布者），记入操作日志',
    Type.Object({ newId: NewId, staffId: Type.Optional(Caller) }),
    Nothing,
  ),
  /** newId or subjectNewId: the sub-news. */
  removeSubject: endpoint(
    '/news/delSubjectNews',
    'owner',
    '删除专题子新闻（newId 或 subjectNewId 为子新闻编号）',
    Type.Object({
      subjectNewId: Type.Optional(SubjectNewId),
      newId: Type.Optional(SubjectNewId),
      staffId: Type.Optional(Caller),
    }),
    Nothing,
  ),
});

// ---- the content-management platform ----

const ReviewStateField = Type.Unsafe<NewsReviewState>({
  type: 'string',
  enum: [...NEWS_REVIEW_STATES],
});
const FileRoleField = Type.Unsafe<NewsFileRole>({ type: 'string', enum: [...NEWS_FILE_ROLES] });

/**
 * The files of an item as a save sends them, in their order (a JSON array, or
 * its text in a form). The fields that may be null keep `type: [x, 'null']`:
 * an `anyOf` would let Ajv's coercion turn null into '' and 0 into null.
 */
export const NewsFilesField = Type.Array(
  Type.Object(
    {
      role: FileRoleField,
      fileId: Type.Optional(Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1 })),
      legacyPath: Type.Optional(
        Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 500 }),
      ),
      fileName: Type.Optional(Type.String({ maxLength: 255 })),
      caption: Type.Optional(
        Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 200 }),
      ),
    },
    { additionalProperties: false },
  ),
  { maxItems: 100, errorMessage: '附件列表格式不正确' },
);

/** A file of an item as its edit form shows it: where it stands, and its address (filePath). */
export const NewsEditFile = Type.Object({
  role: FileRoleField,
  fileId: Maybe(Type.Integer()),
  legacyPath: Maybe(Type.String()),
  fileName: Type.String(),
  caption: Maybe(Type.String()),
  filePath: Type.String(),
  oldfile: Type.Integer(),
});
export type NewsEditFile = Static<typeof NewsEditFile>;

/** The editable fields of a news item, as its form and its saved versions show them. */
const newsEditableFields = {
  typeId: Type.Integer(),
  newsTitle: Type.String(),
  newsDesc: Type.String(),
  newsContent: Type.String(),
  newsType: Type.Integer(),
  newcontenttype: Type.Integer(),
  schChange: Maybe(Type.Integer()),
  enableType: Type.Integer(),
  source: Maybe(Type.String()),
  releaseUser: Maybe(Type.String()),
  coverFileId: Maybe(Type.Integer()),
  imgUrl: Type.String(),
  newsUrl: Maybe(Type.String()),
  shelvesDate: Type.String(),
  files: Type.Array(NewsEditFile),
};

/** Whether the public sees the item now (live), or will when its shelves date comes (scheduled). */
const publicationFields = { live: Type.Boolean(), scheduled: Type.Boolean() };

const newsStateFields = {
  reviewState: ReviewStateField,
  reviewStateName: Type.String(),
  reviewNote: Maybe(Type.String()),
  ifShelves: Type.Integer(),
  ifTop: Type.Integer(),
  ...publicationFields,
};

/** Where an item stands after a review step (submit, approve, reject, shelve, unshelve, pin). */
export const NewsState = Type.Object({ newId: Type.Integer(), ...newsStateFields });
export type NewsState = Static<typeof NewsState>;

/** A news item in the platform's list. */
export const NewsAdminItem = Type.Object({
  newId: Type.Integer(),
  typeId: Type.Integer(),
  typeName: Type.String(),
  newsTitle: Type.String(),
  reviewState: ReviewStateField,
  reviewStateName: Type.String(),
  reviewNote: Maybe(Type.String()),
  ifShelves: Type.Integer(),
  ifTop: Type.Integer(),
  enableType: Type.Integer(),
  releaseUser: Maybe(Type.String()),
  createStaff: Maybe(Type.Integer()),
  ...publicationFields,
  shelvesDate: Type.String(),
  createDate: Type.String(),
  updateDate: Type.String(),
});
export type NewsAdminItem = Static<typeof NewsAdminItem>;

/** A news item in its edit form, with where it stands in the review. */
export const NewsEditForm = Type.Object({
  newId: Type.Integer(),
  ...newsEditableFields,
  ...newsStateFields,
  createStaff: Maybe(Type.Integer()),
  updateDate: Type.String(),
  version: ContentVersion,
});
export type NewsEditForm = Static<typeof NewsEditForm>;

/** A saved version of a news item in its list (newest first). */
export const NewsRevisionEntry = Type.Object({
  revisionId: Type.Integer(),
  staffName: Type.String(),
  createDate: Type.String(),
  newsTitle: Type.String(),
});
export type NewsRevisionEntry = Static<typeof NewsRevisionEntry>;

/** One saved version of a news item in full, in the shape of the edit form. */
export const NewsRevision = Type.Object({
  revisionId: Type.Integer(),
  newId: Type.Integer(),
  staffName: Type.String(),
  createDate: Type.String(),
  ...newsEditableFields,
});
export type NewsRevision = Static<typeof NewsRevision>;

/** A column as the editor offers it: mayPost, whether the caller may post to it. */
export const NewsColumnChoice = Type.Object({
  typeId: Type.Integer(),
  typeName: Type.String(),
  parentId: Type.Integer(),
  teacherOpen: Type.Integer(),
  mayPost: Type.Boolean(),
});
export type NewsColumnChoice = Static<typeof NewsColumnChoice>;

const NewsIdOnly = Type.Object({ newId: Type.Integer() });

/** api/cms/news/* (the platform's news; the review steps and versions: see the builders). */
export const cmsNewsCalls = endpoints('cms', {
  list: endpoint(
    '/cms/news/list',
    'staff',
    '内容管理：新闻列表（教师只看自己的，管理员看全部；按修改时间倒序）；media 1 只看图集与视频集',
    Type.Object({
      typeId: Type.Optional(ColumnId),
      reviewState: Type.Optional(
        WordOf(NEWS_REVIEW_STATES, 'reviewState 须为 draft、submitted、approved 或 rejected'),
      ),
      mine: Type.Optional(Type.Boolean({ errorMessage: 'mine 须为 true 或 false' })),
      /** 1: only picture and video sets (newcontenttype 2, 3): the picture review's list. */
      media: Type.Optional(Flag('media 须为 0 或 1')),
      keyword: Type.Optional(SearchText),
      /** 发布日期 起止: the shelves date (上架时间), Beijing days. */
      ...ListDateRange,
      ...Paging(10, 100),
    }),
    Page(NewsAdminItem),
  ),
  columns: endpoint(
    '/cms/news/columns',
    'staff',
    '内容管理：栏目树，含当前用户可否在该栏目发布（mayPost）',
    undefined,
    Type.Array(NewsColumnChoice),
  ),
  remove: endpoint(
    '/cms/news/delete',
    'owner',
    '内容管理：删除新闻（管理员或发布者；从列表、详情和搜索中立即消失）',
    Type.Object({ newId: NewId }),
    NewsIdOnly,
  ),
  get: endpoint(
    '/cms/news/get',
    'owner',
    '内容管理：编辑表单中的一条新闻（可编辑字段、附件与审核状态）',
    Type.Object({ newId: NewId }),
    NewsEditForm,
  ),
  /** No newId: a new item. */
  save: endpoint(
    '/cms/news/save',
    'owner',
    '内容管理：保存新闻（无 newId 为新增）；files 为 JSON 数组或其文本；教师保存后回到草稿',
    Type.Object({
      newId: Type.Optional(NewId),
      typeId: Type.Integer({ minimum: 1, maximum: ID_MAX, errorMessage: '请选择栏目' }),
      newsTitle: Type.String({
        minLength: 1,
        maxLength: 200,
        errorMessage: '请输入标题，不超过200个字',
      }),
      newsDesc: Type.Optional(
        Type.String({ maxLength: 1000, errorMessage: '摘要不能超过1000个字' }),
      ),
      newsContent: Type.Optional(Type.String({ errorMessage: '正文格式不正确' })),
      newsType: Type.Optional(OneOf([1, 2, 3], 'newsType 须为 1、2 或 3')),
      newcontenttype: Type.Optional(OneOf([1, 2, 3], 'newcontenttype 须为 1、2 或 3')),
      schChange: Type.Optional(
        OneOf([0, 1, 2], 'schChange 须为 0（全校）、1（高中部）或 2（初中部）'),
      ),
      enableType: Type.Optional(OneOf([1, 2], 'enableType 须为 1 或 2')),
      source: Type.Optional(Type.String({ maxLength: 100, errorMessage: '来源不能超过100个字' })),
      releaseUser: Type.Optional(
        Type.String({ maxLength: 64, errorMessage: '发布人不能超过64个字' }),
      ),
      coverFileId: Type.Optional(Type.Integer({ minimum: 0, errorMessage: '封面图片不正确' })),
      newsUrl: Type.Optional(
        Type.String({ maxLength: 500, errorMessage: '链接地址不能超过500个字' }),
      ),
      shelvesDate: Type.Optional(
        Type.String({
          maxLength: 40,
          errorMessage: '上架时间格式不正确，应为 YYYY-MM-DD HH:mm:ss',
        }),
      ),
      files: Type.Optional(NewsFilesField),
      /** The edit form's version: 409 when the item changed since. */
      version: Type.Optional(SaveVersion),
    }),
    NewsIdOnly,
  ),
});

/** api/cms/news/{submit,approve,reject,shelve,unshelve,pin}: the review of news. */
export const cmsNewsReviewCalls = reviewEndpoints('/cms/news', 'newId', '新闻', NewsState, {
  shelvers: '管理员或发布者',
  access: {
    submit: 'owner',
    approve: 'contentAdmin',
    reject: 'contentAdmin',
    shelve: 'owner',
    unshelve: 'owner',
    pin: 'contentAdmin',
  },
});

/** api/cms/news/{batchApprove,batchUnshelve,batchDelete}: bulk steps of the news list. */
export const cmsNewsBatchCalls = batchEndpoints('/cms/news', '新闻', {
  approve: 'contentAdmin',
  unshelve: 'owner',
  remove: 'owner',
});

/** api/cms/news/{revisions,revision,restore}: the saved versions of news. */
export const cmsNewsVersionCalls = versionEndpoints(
  '/cms/news',
  'newId',
  '新闻',
  { entry: NewsRevisionEntry, version: NewsRevision },
  'owner',
);

const TopicId = Id('请选择专题');
const SubjectItemId = Id('请选择子新闻');

/** A sub-news in its topic's list on the platform. */
export const SubjectAdminItem = Type.Object({
  subjectNewId: Type.Integer(),
  newsTitle: Type.String(),
  sort: Type.Integer(),
  releaseUser: Maybe(Type.String()),
  createStaff: Maybe(Type.Integer()),
  createDate: Type.String(),
});
export type SubjectAdminItem = Static<typeof SubjectAdminItem>;

/** The editable fields of a sub-news, as its form and its saved versions show them. */
const subjectEditableFields = {
  newsTitle: Type.String(),
  newsContent: Type.String(),
  newcontenttype: Type.Integer(),
  source: Maybe(Type.String()),
  releaseUser: Maybe(Type.String()),
  sort: Type.Integer(),
  files: Type.Array(NewsEditFile),
};

/** A sub-news in its edit form (topicTitle: its special topic's title). */
export const SubjectEditForm = Type.Object({
  subjectNewId: Type.Integer(),
  newId: Type.Integer(),
  topicTitle: Type.String(),
  createStaff: Maybe(Type.Integer()),
  createDate: Type.String(),
  ...subjectEditableFields,
  version: ContentVersion,
});
export type SubjectEditForm = Static<typeof SubjectEditForm>;

/** A saved version of a sub-news in its list (newest first). */
export const SubjectRevisionEntry = Type.Object({
  revisionId: Type.Integer(),
  staffName: Type.String(),
  createDate: Type.String(),
});
export type SubjectRevisionEntry = Static<typeof SubjectRevisionEntry>;

/** One saved version of a sub-news in full, in the shape of the edit form. */
export const SubjectRevision = Type.Object({
  revisionId: Type.Integer(),
  staffName: Type.String(),
  createDate: Type.String(),
  subjectNewId: Type.Integer(),
  ...subjectEditableFields,
});
export type SubjectRevision = Static<typeof SubjectRevision>;

const SubjectIdOnly = Type.Object({ subjectNewId: Type.Integer() });
const subjectBody = Type.Object({ subjectNewId: SubjectItemId });

/** api/cms/subject/* (sub-news of special topics; the versions: see the builder). */
export const cmsSubjectCalls = endpoints('cms', {
  /** The topic (newId, newsTitle) and a page of its sub-news. */
  list: endpoint(
    '/cms/subject/list',
    'owner',
    '内容管理：专题的子新闻列表（管理员或专题发布者）',
    Type.Object({ newId: TopicId, ...Paging(10, 100) }),
    Type.Object({
      newId: Type.Integer(),
      newsTitle: Type.String(),
      total: Type.Integer(),
      list: Type.Array(SubjectAdminItem),
    }),
  ),
  get: endpoint(
    '/cms/subject/get',
    'owner',
    '内容管理：编辑表单中的一条子新闻',
    subjectBody,
    SubjectEditForm,
  ),
  /** No subjectNewId: a new sub-news. */
  save: endpoint(
    '/cms/subject/save',
    'owner',
    '内容管理：保存子新闻（无 subjectNewId 为新增）；files 为 JSON 数组或其文本',
    Type.Object({
      subjectNewId: Type.Optional(SubjectItemId),
      newId: TopicId,
      newsTitle: Type.String({
        minLength: 1,
        maxLength: 200,
        errorMessage: '请输入标题，不超过200个字',
      }),
      newsContent: Type.Optional(Type.String({ errorMessage: '正文格式不正确' })),
      newcontenttype: Type.Optional(OneOf([1, 2, 3], 'newcontenttype 须为 1、2 或 3')),
      source: Type.Optional(Type.String({ maxLength: 100, errorMessage: '来源不能超过100个字' })),
      releaseUser: Type.Optional(
        Type.String({ maxLength: 64, errorMessage: '发布人不能超过64个字' }),
      ),
      sort: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 100000, errorMessage: '排序须为0到100000的整数' }),
      ),
      files: Type.Optional(NewsFilesField),
      /** The edit form's version: 409 when the sub-news changed since. */
      version: Type.Optional(SaveVersion),
    }),
    SubjectIdOnly,
  ),
  remove: endpoint(
    '/cms/subject/delete',
    'owner',
    '内容管理：删除子新闻（管理员、专题发布者或子新闻发布者）',
    subjectBody,
    SubjectIdOnly,
  ),
});

/** A column as the administrators' column page lists it: its place, openness and news count. */
export const NewsColumnAdminItem = Type.Object({
  typeId: Type.Integer(),
  typeName: Type.String(),
  parentId: Type.Integer(),
  sort: Type.Integer(),
  teacherOpen: Type.Integer(),
  /** Parent columns only group others (and stay closed to teachers). */
  isParent: Type.Boolean(),
  newsCount: Type.Integer(),
});
export type NewsColumnAdminItem = Static<typeof NewsColumnAdminItem>;

/** api/cms/column/* (the news columns; their numbers are fixed). */
export const cmsColumnCalls = endpoints('cms', {
  list: endpoint(
    '/cms/column/list',
    'contentAdmin',
    '内容管理：新闻栏目（名称、排序、是否向教师开放、新闻数）',
    undefined,
    Type.Array(NewsColumnAdminItem),
  ),
  save: endpoint(
    '/cms/column/save',
    'contentAdmin',
    '内容管理：修改栏目名称、排序或是否向教师开放（栏目编号固定，不能增删）',
    Type.Object({
      typeId: Type.Integer({ minimum: 1, maximum: ID_MAX, errorMessage: '请选择栏目' }),
      typeName: Type.Optional(
        Type.String({ maxLength: 64, errorMessage: '栏目名称不能超过64个字' }),
      ),
      teacherOpen: Type.Optional(Flag('teacherOpen 须为 0 或 1')),
      sort: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 100000, errorMessage: '排序须为0到100000的整数' }),
      ),
    }),
    Type.Object({ typeId: Type.Integer() }),
  ),
});

/** api/cms/subject/{revisions,revision,restore}: the saved versions of sub-news. */
export const cmsSubjectVersionCalls = versionEndpoints(
  '/cms/subject',
  'subjectNewId',
  '子新闻',
  { entry: SubjectRevisionEntry, version: SubjectRevision },
  'owner',
);

// ---- the home's six lists ----

const slot = (n: number) => ({
  [`typeId${n}`]: Type.Optional(Id(`typeId${n} 须为栏目编号`)),
  [`pageNum${n}`]: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1000, errorMessage: `pageNum${n} 须为正整数` }),
  ),
  [`pageSize${n}`]: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 50, errorMessage: `pageSize${n} 须为1到50` }),
  ),
});

export const teachHomeCalls = endpoints('news', {
  /** A slot without typeIdN answers an empty listN. */
  lists: endpoint(
    '/news/getTeachHomeNews',
    'staff',
    '校内网首页的六个列表：typeId1..6 各取 pageNum/pageSize 一页，enableType 2 含仅校内可见',
    Type.Object({
      ...slot(1),
      ...slot(2),
      ...slot(3),
      ...slot(4),
      ...slot(5),
      ...slot(6),
      enableType: Type.Optional(OneOf([1, 2], 'enableType 须为 1 或 2')),
    }),
    Type.Object({
      list1: Type.Array(NewsListItem),
      list2: Type.Array(NewsListItem),
      list3: Type.Array(NewsListItem),
      list4: Type.Array(NewsListItem),
      list5: Type.Array(NewsListItem),
      list6: Type.Array(NewsListItem),
    }),
  ),
});
