import type { NewsItem, VideoItem } from '@school/common/api';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import { displayTime } from '../../time.js';
import { fileUrl } from '../files/service.js';
import { htmlToText } from '../search/terms.js';
import { listedNews, listedVideo } from './visibility.js';

/**
 * How news and videos are listed (their columns and the answer's fields):
 * the news and video areas and the intranet's site search read lists the
 * same way.
 */

/** A video's list introduction: the start of its text. */
const DESC_LENGTH = 100;

/**
 * A news item's department name, read per row shown: a join would make every
 * count read the rows themselves instead of the list index alone (measured:
 * the count of a 3000-item column 0.1 → 2.3 ms).
 */
const deptName = sql<
  string | null
>`(SELECT ${sql.ref('department.name')} FROM ${sql.table('department')} WHERE ${sql.ref('department.id')} = ${sql.ref('news.deptId')})`.as(
  'deptName',
);

/** The name of the account that wrote a news item, read per row shown as deptName is. */
const createUser = sql<
  string | null
>`(SELECT ${sql.ref('staff.name')} FROM ${sql.table('staff')} WHERE ${sql.ref('staff.id')} = ${sql.ref('news.createStaff')})`.as(
  'createUser',
);

export const NEWS_LIST_COLUMNS = [
  'news.id',
  'news.typeId',
  'newsType.name as typeName',
  'news.title',
  'news.description',
  'news.newsType',
  'news.contentKind',
  'news.ifTop',
  'news.schChange',
  'news.enableType',
  'news.source',
  'news.releaseUser',
  'news.createStaff',
  createUser,
  'news.deptId',
  deptName,
  'news.viewCount',
  'news.flowerCount',
  'news.coverFileId',
  'news.linkUrl',
  'news.shelvesDate',
  'news.statusDate',
  'news.createdAt',
] as const;

/** A news list row: the item's own columns with its column's, department's and author's names. */
type NewsListRow = Pick<
  Selectable<Database['news']>,
  | 'id'
  | 'typeId'
  | 'title'
  | 'description'
  | 'newsType'
  | 'contentKind'
  | 'ifTop'
  | 'schChange'
  | 'enableType'
  | 'source'
  | 'releaseUser'
  | 'createStaff'
  | 'deptId'
  | 'viewCount'
  | 'flowerCount'
  | 'coverFileId'
  | 'linkUrl'
  | 'shelvesDate'
  | 'statusDate'
  | 'createdAt'
> & { typeName: string; createUser: string | null; deptName: string | null };

/** Database row -> the spec's field names. */
export function toListItem(row: NewsListRow): NewsItem {
  return {
    newId: row.id,
    typeId: row.typeId,
    typeName: row.typeName,
    newsTitle: row.title,
    newsDesc: row.description,
    newsType: row.newsType,
    newcontenttype: row.contentKind,
    ifTop: row.ifTop,
    schChange: row.schChange,
    enableType: row.enableType,
    source: row.source,
    releaseUser: row.releaseUser,
    createStaff: row.createStaff,
    createUser: row.createUser,
    deptId: row.deptId,
    deptName: row.deptName,
    viewCount: row.viewCount,
    flowerCount: row.flowerCount,
    imgUrl: fileUrl(row.coverFileId),
    newsUrl: row.linkUrl,
    shelvesDate: displayTime(row.shelvesDate),
    statusDate: displayTime(row.statusDate),
    createDate: displayTime(row.createdAt),
  };
}

export function newsListQuery(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom('news')
    .innerJoin('newsType', 'newsType.id', 'news.typeId')
    .where(listedNews(now));
}

/** The news items of `ids` with their list columns, in no order (none for none). */
export async function newsListRows(db: Kysely<Database>, ids: number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('news')
    .innerJoin('newsType', 'newsType.id', 'news.typeId')
    .select(NEWS_LIST_COLUMNS)
    .where('news.id', 'in', ids)
    .execute();
}

/** Listed videos (see listedVideo) with their category; the audience is the caller's to add. */
export function videoListQuery(db: Kysely<Database>) {
  return db
    .selectFrom('video')
    .innerJoin('videoType', 'videoType.id', 'video.typeId')
    .where(listedVideo);
}

export const VIDEO_LIST_COLUMNS = [
  'video.id',
  'video.typeId',
  'videoType.name as typeName',
  'video.title',
  'video.content',
  'video.coverFileId',
  'video.source',
  'video.releaseUser',
  'video.createStaff',
  'video.enableType',
  'video.ifTop',
  'video.viewCount',
  'video.flowerCount',
  'video.createdAt',
] as const;

/** A video list row: the video's own columns with its category's name. */
type VideoListRow = Pick<
  Selectable<Database['video']>,
  | 'id'
  | 'typeId'
  | 'title'
  | 'content'
  | 'coverFileId'
  | 'source'
  | 'releaseUser'
  | 'createStaff'
  | 'enableType'
  | 'ifTop'
  | 'viewCount'
  | 'flowerCount'
  | 'createdAt'
> & { typeName: string };

export function videoListItem(row: VideoListRow): VideoItem {
  return {
    videoId: row.id,
    typeId: row.typeId,
    typeName: row.typeName,
    videoTitle: row.title,
    videoDesc: Array.from(htmlToText(row.content)).slice(0, DESC_LENGTH).join(''),
    imgUrl: fileUrl(row.coverFileId),
    source: row.source,
    releaseUser: row.releaseUser,
    createStaff: row.createStaff,
    enableType: row.enableType,
    ifTop: row.ifTop,
    viewCount: row.viewCount,
    flowerCount: row.flowerCount,
    createDate: displayTime(row.createdAt),
  };
}
