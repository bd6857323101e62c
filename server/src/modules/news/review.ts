import type { Kysely, Selectable } from 'kysely';
import type { Database, ReviewState } from '../../db/schema.js';
import { liveOrNotFound } from '../../http/errors.js';
import { NEWS_GONE_MESSAGE } from '../../platform/publishing/visibility.js';
import {
  reviewStanding,
  ReviewWorkflow,
  type ReviewedKind,
} from '../../platform/publishing/workflow.js';
import type { ScreenedText, SensitiveWords } from '../../platform/content/sensitive-words.js';
import { iso, type Clock } from '../../time.js';

/** The editable fields of an item: what a save writes and a revision keeps, beside its files. */
export const NEWS_FIELDS = [
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
] as const;

export type NewsFields = Pick<Selectable<Database['news']>, (typeof NEWS_FIELDS)[number]>;

/** The columns of an item as the platform edits and reviews it: its fields and its state. */
const NEWS_ITEM_COLUMNS = [
  'id',
  ...NEWS_FIELDS,
  'ifTop',
  'ifShelves',
  'reviewState',
  'reviewNote',
  'createStaff',
  'deleted',
  'updatedAt',
  'version',
] as const;

/** A news item as the platform edits and reviews it. */
export type NewsItemRow = Pick<Selectable<Database['news']>, (typeof NEWS_ITEM_COLUMNS)[number]>;

/** A news item that is not deleted; 404 `内容不存在或已下架` otherwise. */
export async function loadNewsItem(db: Kysely<Database>, newId: number): Promise<NewsItemRow> {
  const row = await liveOrNotFound(
    db.selectFrom('news').select(NEWS_ITEM_COLUMNS).where('id', '=', newId),
    NEWS_GONE_MESSAGE,
  );
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
  return { ...reviewStanding(row), ...publication(row, now) };
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
