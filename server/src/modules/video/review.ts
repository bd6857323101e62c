import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SearchIndex } from '../../platform/search/search-index.js';
import { ReviewWorkflow, type ReviewedKind } from '../../platform/publishing/workflow.js';
import type { SensitiveWords } from '../../platform/content/sensitive-words.js';
import type { Clock } from '../../time.js';
import { loadVideo, reindexVideo, videoState, type VideoRow } from './store.js';

/** What a video's review step answers: the video and where it now stands. */
export type VideoReviewAnswer = { videoId: number } & ReturnType<typeof videoState>;

/**
 * The review workflow of videos: the same steps as news, but only content
 * administrators shelve, take off and pin (the video centre is curated).
 * `words`: the sensitive-word check of submitting and publishing.
 */
export function videoReview(
  db: Kysely<Database>,
  search: SearchIndex,
  now: Clock,
  words?: SensitiveWords,
) {
  const kind: ReviewedKind<VideoRow, VideoReviewAnswer> = {
    table: 'video',
    infoTable: 'TF_VIDEO',
    noun: '该视频',
    authorsShelve: false,
    load: (videoId, goneMessage) => loadVideo(db, videoId, goneMessage),
    reindex: (trx, videoId) => reindexVideo(trx, search, videoId),
    stateOf: (row) => ({ videoId: row.id, ...videoState(row) }),
    screen: words && {
      words,
      texts: async (row) => [
        { field: 'title', text: row.title },
        { field: 'content', text: row.content },
      ],
    },
  };
  return new ReviewWorkflow(db, kind, now);
}

export type VideoReview = ReturnType<typeof videoReview>;
