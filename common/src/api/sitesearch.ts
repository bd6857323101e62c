import { Id, Maybe, OneOf, endpoint, endpoints } from './shared.js';
import { Paging, Type, type Static } from './shared.js';
import { DriveRow } from './drive.js';
import { NewsItem } from './news.js';
import { VideoItem } from './video.js';

/**
 * The intranet's site search (intranet.md §2 sechresPage, §7 "search"): one
 * call for the five tabs, type 1 news, 4 pictures, 5 videos, 2 teachers,
 * 3 phones. Logged-in staff only; staff-only items are found too.
 */

/** A person found by name (查老师) or phone (查电话). */
export const TeacherHit = Type.Object({
  teaId: Type.Integer(),
  teaName: Type.String(),
  teaPhone: Maybe(Type.String()),
  email: Maybe(Type.String()),
  deptName: Maybe(Type.String()),
  /** The photo's address ('' for none). */
  teaPic: Type.String(),
});
export type TeacherHit = Static<typeof TeacherHit>;

/** YYYY-MM-DD. */
const Day = (message: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', errorMessage: message });

export const SEARCH_TYPES = {
  news: 1,
  teachers: 2,
  phones: 3,
  pictures: 4,
  videos: 5,
  files: 6,
} as const;

export const siteSearchCalls = endpoints('search', {
  /**
   * `list` holds the rows of the chosen type (news and pictures: news items,
   * videos: videos, teachers and phones: people, files: drive rows);
   * `newsList` the news items of types 1 and 4, `videoList` the videos of
   * type 5, [] otherwise. Type 6 (查资料, beyond the spec's five tabs) finds
   * the drive files of the library and one's own disk by name and by what
   * they say, each with `contentSnippet` and `contentPlace` when its text holds the words.
   */
  search: endpoint(
    '/search/getSearchList',
    'staff',
    '校内网站内搜索：type 1 新闻、4 图片、5 视频、2 老师、3 电话、6 资料（网盘文件，按名称与内容），每页 12 条',
    Type.Object({
      type: Type.Optional(OneOf([1, 2, 3, 4, 5, 6], 'type 须为 1、2、3、4、5 或 6')),
      str: Type.Optional(Type.String({ maxLength: 50, errorMessage: '搜索内容不能超过50个字' })),
      typeId: Type.Optional(Id('栏目编号不正确')),
      newcontenttype: Type.Optional(OneOf([1, 2, 3], 'newcontenttype 须为 1、2 或 3')),
      schChange: Type.Optional(OneOf([1, 2], 'schChange 须为 1 或 2')),
      releaseUser: Type.Optional(
        Type.String({ maxLength: 50, errorMessage: '发布人不能超过50个字' }),
      ),
      beginDate: Type.Optional(Day('开始日期格式不正确，应为 YYYY-MM-DD')),
      endDate: Type.Optional(Day('结束日期格式不正确，应为 YYYY-MM-DD')),
      enableType: Type.Optional(OneOf([1, 2], 'enableType 须为 1 或 2')),
      videoTypeId: Type.Optional(Id('视频分类不正确')),
      ...Paging(12),
    }),
    Type.Object({
      total: Type.Integer(),
      list: Type.Array(Type.Union([NewsItem, VideoItem, TeacherHit, DriveRow])),
      newsList: Type.Array(NewsItem),
      videoList: Type.Array(VideoItem),
    }),
  ),
});
