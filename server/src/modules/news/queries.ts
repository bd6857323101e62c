import type { NewsFile, NewsItem } from '@school/common';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fileUrl } from '../../platform/files/service.js';
import { listedNews } from '../../platform/publishing/visibility.js';
import { displayTime } from '../../time.js';

export { listedNews };

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
  'news.deptId',
  'department.name as deptName',
  'news.viewCount',
  'news.flowerCount',
  'news.coverFileId',
  'news.linkUrl',
  'news.shelvesDate',
  'news.statusDate',
  'news.createdAt',
] as const;

type ListRow = {
  id: number;
  typeId: number;
  typeName: string;
  title: string;
  description: string;
  newsType: number;
  contentKind: number;
  ifTop: number;
  schChange: number | null;
  enableType: number;
  source: string | null;
  releaseUser: string | null;
  createStaff: number | null;
  deptId: number | null;
  deptName: string | null;
  viewCount: number;
  flowerCount: number;
  coverFileId: number | null;
  linkUrl: string | null;
  shelvesDate: string;
  statusDate: string;
  createdAt: string;
};

/** Database row -> the spec's field names. */
export function toListItem(row: ListRow): NewsItem {
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
    .leftJoin('department', 'department.id', 'news.deptId')
    .where(listedNews(now));
}

/** Attachments (fileList) and carousel pictures or videos (imgOrViewList) of an item. */
export async function filesOf(
  db: Kysely<Database>,
  newsId: number,
  subjectId: number | null,
): Promise<{ fileList: NewsFile[]; imgOrViewList: NewsFile[] }> {
  const rows = await db
    .selectFrom('newsFile')
    .select(['fileId', 'fileName', 'legacyPath', 'role', 'caption'])
    .where('newsId', '=', newsId)
    .where((eb) =>
      subjectId === null ? eb('subjectId', 'is', null) : eb('subjectId', '=', subjectId),
    )
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const item = (row: (typeof rows)[number]): NewsFile => ({
    fileId: row.fileId,
    fileName: row.fileName,
    filePath: row.legacyPath ?? fileUrl(row.fileId),
    oldfile: row.legacyPath ? 1 : 0,
    caption: row.caption,
  });
  return {
    fileList: rows.filter((r) => r.role === 'attachment').map(item),
    imgOrViewList: rows.filter((r) => r.role !== 'attachment').map(item),
  };
}
