import { callUntyped as call, type Payload } from '../../api/client';
import { intSearch } from '../../api/page-data';

export type ReviewState = 'draft' | 'submitted' | 'approved' | 'rejected';

/** The review states as filters and tags show them. */
export const REVIEW_STATES: Array<{ value: ReviewState; label: string; color: string }> = [
  { value: 'draft', label: '草稿', color: 'default' },
  { value: 'submitted', label: '待审核', color: 'processing' },
  { value: 'approved', label: '审核通过', color: 'success' },
  { value: 'rejected', label: '已退回', color: 'error' },
];

export const reviewColor = (state: string) => REVIEW_STATES.find((s) => s.value === state)?.color;

/** Where an item stands in the review; every list row and edit form of a reviewed kind carries it. */
export interface ReviewedItem {
  reviewState: ReviewState;
  reviewStateName: string;
  reviewNote: string | null;
  ifShelves: number;
  ifTop: number;
  live: boolean;
  /** News only: shelved with a shelves date still to come. */
  scheduled?: boolean;
  shelvesDate?: string;
  createStaff: number | null;
  updateDate: string;
}

/**
 * A kind of content that goes through the review (news, video): where its
 * calls are and what sets its rules apart. The workflow itself is the
 * server's (platform/publishing/workflow.ts); the pages only offer its steps.
 */
export interface ReviewKind {
  /** The API folder: <api>/save, submit, approve, reject, shelve, unshelve, pin, delete, revisions… */
  api: 'cms/news' | 'cms/video';
  /** The item's id in the API. */
  idName: 'newId' | 'videoId';
  /** What the messages call an item: 新闻, 视频. */
  noun: string;
  /** Whether the author may shelve and take off an approved item (news), or administrators only (video). */
  authorShelves: boolean;
  /** The platform's editor of an item. */
  editHref: (id: number) => string;
}

/** One workflow step of an item (submit, approve, pin …), by the kind's API. */
export const reviewStep = (kind: ReviewKind, step: string, id: number, body: Payload = {}) =>
  call(`${kind.api}/${step}`, { [kind.idName]: id, ...body });

/**
 * The filter of a review list, kept in the address: the platform's home
 * links here with a state (?reviewState=submitted) and ?mine=1; the others
 * follow the person's choices.
 */
export function reviewFilterOf(params: URLSearchParams) {
  const reviewState = params.get('reviewState') ?? '';
  return {
    typeId: intSearch(params, 'typeId'),
    reviewState: REVIEW_STATES.some((s) => s.value === reviewState) ? reviewState : undefined,
    keyword: params.get('keyword') || undefined,
    mine: params.get('mine') === '1',
  };
}

export type ReviewFilter = ReturnType<typeof reviewFilterOf>;
