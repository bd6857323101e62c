import { Id, Maybe, Nothing, OneOf, Page, Paging, Type, call, type Static } from './shared.js';

const NewId = Id('请选择新闻');
const SubjectNewId = Id('请选择专题子新闻');
const StaffId = Id('用户编号不正确');
/** A column; 0 is the root (the top columns' parent). */
const ColumnId = Type.Integer({ minimum: 0, errorMessage: '栏目编号不正确' });
/** 1: what everyone sees; 2: the intranet's view, also holding staff-only items. */
const EnableType = Type.Unsafe<1 | 2>({
  type: 'integer',
  enum: [1, 2],
  default: 1,
  errorMessage: 'enableType 须为 1 或 2',
});
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
  viewCount: Type.Integer(),
  flowerCount: Type.Integer(),
  imgUrl: Type.String(),
  newsUrl: Maybe(Type.String()),
  shelvesDate: Type.String(),
  statusDate: Type.String(),
  createDate: Type.String(),
};

/** A news item in a list (api/news/getNewsList, the home page's tabs). */
export const NewsItem = Type.Object(newsItemFields);
export type NewsItem = Static<typeof NewsItem>;

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
  list: Type.Array(NewsItem),
});
export type NewsHomeTab = Static<typeof NewsHomeTab>;

/** A search result: a news item (newId) or a video (videoId). */
export const NewsSearchHit = Type.Object({
  newId: Maybe(Type.Integer()),
  videoId: Maybe(Type.Integer()),
  typeId: Type.Integer(),
  newsTitle: Type.String(),
  newsDesc: Type.String(),
  ifTop: Type.Integer(),
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
  staffId: Type.Optional(StaffId),
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
    ...Paging(defaultSize),
  });

/** api/news/* (portal.md §7 news controller, and the news calls the intranet shares). */
export const newsCalls = {
  /** No body or `{}`: every column. */
  columns: call(
    Type.Unsafe<{ parentId?: number } | null>({
      type: ['object', 'null'],
      properties: { parentId: { type: 'integer', minimum: 0, errorMessage: '栏目编号不正确' } },
    }),
    Type.Array(NewsColumn),
  ),
  columnTree: call(undefined, Type.Array(NewsColumnNode)),
  home: call(undefined, Type.Array(NewsHomeTab)),
  list: call(listBody(6), Page(NewsItem)),
  search: call(
    listBody(10),
    Type.Object({
      total: Type.Integer(),
      keyword: Type.String(),
      list: Type.Array(NewsSearchHit),
    }),
  ),
  detail: call(Type.Object({ newId: NewId, staffId: Type.Optional(StaffId) }), NewsDetail),
  subjectList: call(Type.Object({ newId: NewId, ...Paging(10) }), Page(SubjectNewsItem)),
  /** subjectNewId; only newId: the topic's first sub-news (null when it has none). */
  subjectNews: call(
    Type.Object({
      subjectNewId: Type.Optional(SubjectNewId),
      newId: Type.Optional(NewId),
    }),
    Maybe(SubjectNewsDetail),
  ),
  addFootprint: call(
    Type.Object({
      newId: NewId,
      subjectNewId: Type.Optional(SubjectNewId),
      userId: Type.Optional(StaffId),
      roleId: Type.Optional(Type.Integer()),
      userName: Type.Optional(Type.String({ maxLength: 64 })),
    }),
    Type.Object({ viewCount: Type.Integer() }),
  ),
  footprints: call(
    Type.Object({
      newId: NewId,
      typeId: Type.Optional(ColumnId),
      subjectNewId: Type.Optional(SubjectNewId),
      ...Paging(10, 100),
    }),
    Page(NewsFootprint),
  ),
  /** status 0: may like; status 1: already liked. */
  likeState: call(likeBody, Likes),
  like: call(likeBody, Likes),
  remove: call(Type.Object({ newId: NewId, staffId: Type.Optional(StaffId) }), Nothing),
  /** newId or subjectNewId: the sub-news. */
  removeSubject: call(
    Type.Object({
      subjectNewId: Type.Optional(SubjectNewId),
      newId: Type.Optional(SubjectNewId),
      staffId: Type.Optional(StaffId),
    }),
    Nothing,
  ),
};
