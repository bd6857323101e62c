import type { FileUses } from '../../platform/files/guards.js';
import { listedNews } from '../../platform/publishing/visibility.js';

/**
 * News and sub-news name their attachments and sets in news_file (a sub-news's rows carry
 * its id); a listed item's files are public, a sub-news's while its topic is listed. Files
 * of the old site are listed there by path.
 */
export const newsFileUses: FileUses = {
  named: async (db, fileId) => {
    const rows = await db
      .selectFrom('newsFile')
      .select(['newsId', 'subjectId'])
      .where('fileId', '=', fileId)
      .execute();
    return rows.map(useOf);
  },
  public: ({ eb, fileId, now, uses }) => [
    eb.exists(
      uses('T_NEWS')
        .innerJoin('news', 'news.id', 'fileUse.objId')
        .select('news.id')
        .where('news.enableType', '=', 1)
        .where(listedNews(now)),
    ),
    eb.exists(
      eb
        .selectFrom('newsFile')
        .innerJoin('news', 'news.id', 'newsFile.newsId')
        .select('news.id')
        .where('newsFile.fileId', '=', fileId)
        .where('news.enableType', '=', 1)
        .where(listedNews(now)),
    ),
    eb.exists(
      uses('T_SUBJECT_NEWS')
        .innerJoin('subjectNews', 'subjectNews.id', 'fileUse.objId')
        .innerJoin('news', 'news.id', 'subjectNews.newsId')
        .select('news.id')
        .where('subjectNews.deleted', '=', 0)
        .where('news.enableType', '=', 1)
        .where(listedNews(now)),
    ),
  ],
  legacy: async (db, paths, now) => {
    const rows = await db
      .selectFrom('newsFile')
      .innerJoin('news', 'news.id', 'newsFile.newsId')
      .leftJoin('subjectNews', 'subjectNews.id', 'newsFile.subjectId')
      .select(['newsFile.newsId', 'newsFile.subjectId', 'subjectNews.deleted'])
      .select((eb) => eb.and([eb('news.enableType', '=', 1), listedNews(now)(eb)]).as('open'))
      .where('newsFile.legacyPath', 'in', paths)
      .where('newsFile.fileId', 'is', null)
      .execute();
    return rows.map((row) => ({
      ...useOf(row),
      public: Boolean(Number(row.open)) && !Number(row.deleted ?? 0),
    }));
  },
};

/** A news_file row's item: the sub-news when it has one, else the news item. */
const useOf = (row: { newsId: number; subjectId: number | null }) =>
  row.subjectId === null
    ? { infoTable: 'T_NEWS', objId: row.newsId }
    : { infoTable: 'T_SUBJECT_NEWS', objId: row.subjectId };
