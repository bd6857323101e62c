import type { BatchResult } from '@school/common/api';
import { intSearch, type ListPage } from '../../api/page-data';

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

/** 2026-11-30 08:00:00 → 11月30日 08:00 (anything else as it came). */
const shortTime = (text: string) => {
  const parts = /^\d{4}-(\d{2})-(\d{2})[ T](\d{2}:\d{2})/.exec(text);
  return parts ? `${Number(parts[1])}月${Number(parts[2])}日 ${parts[3]}` : text;
};

/** Whether an item is on the portal, and if not, why: the list's and the editor's one word. */
export function publicationNote(item: ReviewedItem): { text: string; color?: string } {
  if (item.live) return { text: '已上架', color: 'green' };
  if (item.scheduled)
    return { text: `定时上架 · ${shortTime(item.shelvesDate ?? '')}`, color: 'gold' };
  if (item.reviewState === 'draft') return { text: '未上架：尚未提交' };
  if (item.reviewState === 'submitted') return { text: '未上架：审核中' };
  if (item.reviewState === 'rejected') return { text: '未上架：修改后再提交' };
  // Approved and off the shelf: taken off, or an administrator's new item not yet put on.
  return { text: '未上架：待上架' };
}

/**
 * What a step that submits or publishes says about sensitive words:
 * `confirmed`, an administrator publishes despite 禁止 words; `reason`, why a
 * reviewer publishes despite 提醒 words ('' : none).
 */
export interface SensitiveConsent {
  confirmed: boolean;
  reason: string;
}

export const NO_CONSENT: SensitiveConsent = { confirmed: false, reason: '' };

/** A consent as a step's fields (cms.ts `confirmSensitive`, `sensitiveReason`). */
export const consentFields = (consent?: SensitiveConsent) => ({
  confirmSensitive: consent?.confirmed ? ('1' as const) : undefined,
  sensitiveReason: consent?.reason || undefined,
});

/**
 * The workflow calls of one item of a reviewed kind, each a typed call of
 * the contract (`submit: (newId) => call('cms/news/submit', { newId })`).
 */
export interface ReviewSteps {
  /** `consent` (submit, approve, shelve): what the step says about sensitive words. */
  submit: (id: number, consent?: SensitiveConsent) => Promise<unknown>;
  approve: (id: number, consent?: SensitiveConsent) => Promise<unknown>;
  reject: (id: number, reason: string) => Promise<unknown>;
  shelve: (id: number, consent?: SensitiveConsent) => Promise<unknown>;
  unshelve: (id: number) => Promise<unknown>;
  pin: (id: number, ifTop: 0 | 1) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
}

/**
 * A kind of content that goes through the review (news, video): its calls
 * and what sets its rules apart. The workflow itself is the server's
 * (platform/publishing/workflow.ts); the pages only offer its steps.
 */
export interface ReviewKind {
  /** What the messages call an item: 新闻, 视频. */
  noun: string;
  /** Whether the author may shelve and take off an approved item (news), or administrators only (video). */
  authorShelves: boolean;
  /** The platform's editor of an item. */
  editHref: (id: number) => string;
  steps: ReviewSteps;
}

/** What a review list asks for: the filter in the address and a page. */
export interface ReviewQuery {
  typeId?: number;
  reviewState?: ReviewState;
  keyword?: string;
  mine?: 1;
  /** 发布日期 起止 (YYYY-MM-DD). */
  beginDate?: string;
  endDate?: string;
  pageNum: number;
  pageSize: number;
}

/** The bulk calls of a list (`<api>/batchApprove`, `batchUnshelve`, `batchDelete`). */
export interface BatchSteps {
  approve: (ids: number[]) => Promise<BatchResult>;
  unshelve: (ids: number[]) => Promise<BatchResult>;
  remove: (ids: number[]) => Promise<BatchResult>;
}

/** A reviewed kind with its list (`<api>/list`), the id of a row and its bulk calls. */
export interface ListedKind<Row> extends ReviewKind {
  list: (query: ReviewQuery) => Promise<ListPage<Row>>;
  idOf: (row: Row) => number;
  batch: BatchSteps;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A YYYY-MM-DD search parameter, or undefined (the server checks the day exists). */
const daySearch = (params: URLSearchParams, name: string) => {
  const value = params.get(name) ?? '';
  return DAY.test(value) ? value : undefined;
};

/**
 * The filter of a review list, kept in the address: the platform's home
 * links here with a state (?reviewState=submitted) and ?mine=1; the others
 * follow the person's choices.
 */
export function reviewFilterOf(params: URLSearchParams) {
  const reviewState = params.get('reviewState') ?? '';
  return {
    typeId: intSearch(params, 'typeId'),
    reviewState: REVIEW_STATES.find((s) => s.value === reviewState)?.value,
    keyword: params.get('keyword') || undefined,
    mine: params.get('mine') === '1',
    beginDate: daySearch(params, 'beginDate'),
    endDate: daySearch(params, 'endDate'),
  };
}

export type ReviewFilter = ReturnType<typeof reviewFilterOf>;
