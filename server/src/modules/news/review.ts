import type { Kysely } from 'kysely';
import type { Database, ReviewState } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { NEWS_GONE_MESSAGE } from '../../platform/publishing/visibility.js';
import {
  REVIEW_STATE_NAMES,
  ReviewWorkflow,
  type ReviewedKind,
} from '../../platform/publishing/workflow.js';
import type { ScreenedText, SensitiveWords } from '../../platform/content/sensitive-words.js';
import { iso, type Clock } from '../../time.js';

/** A news item as the platform edits and reviews it. */
export type NewsItemRow = {
  id: number;
  typeId: number;
  title: string;
  description: string;
  content: string;
  newsType: number;
  contentKind: number;
  schChange: number | null;
  enableType: number;
  source: string | null;
  releaseUser: string | null;
  coverFileId: number | null;
  linkUrl: string | null;
  shelvesDate: string;
  ifTop: number;
  ifShelves: number;
  reviewState: ReviewState;
  reviewNote: string | null;
  createStaff: number | null;
  deleted: number;
  updatedAt: string;
  version: number;
};

/** A news item that is not deleted; 404 `内容不存在或已下架` otherwise. */
export async function loadNewsItem(db: Kysely<Database>, newId: number): Promise<NewsItemRow> {
  const row = await db
    .selectFrom('news')
    .select([
      'id',
      'typeId',
      'title',
      'description',
      'content',
      'newsType',
      'contentKind',
      'schChange',
      'enableType',
      'source',
      'releaseUser',
      'coverFileId',
      'linkUrl',
      'shelvesDate',
      'ifTop',
      'ifShelves',
      'reviewState',
      'reviewNote',
      'createStaff',
      'deleted',
      'updatedAt',
      'version',
    ])
    .where('id', '=', newId)
    .executeTakeFirst();
  if (!row || row.deleted === 1) throw notFound(NEWS_GONE_MESSAGE);
  return row;
}

/** Whether the public sees the item at `now`, or will when its shelves date comes. */
export function publication(
  row: { reviewState: ReviewState; ifShelves: number; shelvesDate: string },
  now: Date,
) {
  const released = row.reviewState === 'approved' && row.ifShelves === 1;
  const due = row.shelvesDate <= iso(now);
  return { live: released && due, scheduled: released && !due };
}

/** Where an item stands, as the platform's screens read it. */
export function newsState(
  row: Pick<NewsItemRow, 'reviewState' | 'reviewNote' | 'ifShelves' | 'ifTop' | 'shelvesDate'>,
  now: Date,
) {
  return {
    reviewState: row.reviewState,
    reviewStateName: REVIEW_STATE_NAMES[row.reviewState],
    reviewNote: row.reviewNote,
    ifShelves: row.ifShelves,
    ifTop: row.ifTop,
    ...publication(row, now),
  };
}

/** How news words the refusals of its reviewer-only steps (the door says them too). */
export const NEWS_REVIEW_MESSAGES = {
  reviewerOnly: '只有管理员可以审核',
  pinOnly: '只有管理员可以置顶',
};

/**
 * What a news item's submit and publish screen for sensitive words: its title
 * and body, and those of its sub-news (a special topic publishes them with it).
 */
export async function newsTexts(db: Kysely<Database>, row: NewsItemRow): Promise<ScreenedText[]> {
  const parts = await db
    .selectFrom('subjectNews')
    .select(['title', 'content'])
    .where('newsId', '=', row.id)
    .where('deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return [
    { field: 'title', text: row.title },
    { field: 'content', text: row.content },
    ...parts.flatMap((part): ScreenedText[] => [
      { field: 'title', text: part.title, part: part.title },
      { field: 'content', text: part.content, part: part.title },
    ]),
  ];
}

/** What a news item's review step answers: the item and where it now stands. */
export type NewsReviewAnswer = { newId: number } & ReturnType<typeof newsState>;

/**
 * The review workflow of news: authors shelve and take off their own approved
 * items; approving and pinning are for content administrators. `words`: the
 * sensitive-word check of submitting and publishing.
 */
export function newsReview(
  db: Kysely<Database>,
  reindex: (newId: number, trx: Kysely<Database>) => Promise<void>,
  now: Clock,
  words?: SensitiveWords,
) {
  const kind: ReviewedKind<NewsItemRow, NewsReviewAnswer> = {
    table: 'news',
    infoTable: 'T_NEWS',
    noun: '该内容',
    authorsShelve: true,
    messages: NEWS_REVIEW_MESSAGES,
    load: (newId) => loadNewsItem(db, newId),
    reindex: (trx, newId) => reindex(newId, trx),
    stateOf: (row) => ({ newId: row.id, ...newsState(row, now()) }),
    screen: words && { words, texts: (row) => newsTexts(db, row) },
  };
  return new ReviewWorkflow(db, kind, now);
}

export type NewsReview = ReturnType<typeof newsReview>;
