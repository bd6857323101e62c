import type { Kysely } from 'kysely';
import type { Database, ReviewState } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, badRequest, forbidden } from '../../http/errors.js';
import {
  assertContentAdmin,
  canManage,
  CONTENT_ADMIN_MESSAGE,
  MANAGE_MESSAGE,
} from '../../http/roles.js';
import { iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../auth/session.js';
import {
  NO_CONSENT,
  type ScreenedText,
  type SensitiveConsent,
  type SensitiveWords,
} from '../content/sensitive-words.js';
import { writeOperLog } from '../oplog/service.js';

/**
 * The review workflow of authored items (news and videos today; anything
 * reviewable later), written once:
 *
 *   草稿 → 待审核 → 审核通过 (on the shelf: published, at its shelves date for news)
 *                 / 已退回 (with a reason);  下架 ⇄ 上架; 置顶; 删除
 *
 * Each step is a guarded state change: permission first, then the step's rule
 * on the current row, then a conditional UPDATE that only matches the row as
 * it was read (of two concurrent steps one answers 409, never both succeed)
 * and bumps the row's version (platform/publishing/save.ts), with the search entry and the operation-log row in the same transaction.
 */

/** The review states as the platform's screens name them. */
export const REVIEW_STATE_NAMES: Record<ReviewState, string> = {
  draft: '草稿',
  submitted: '待审核',
  approved: '审核通过',
  rejected: '已退回',
};
export const REVIEW_STATES = Object.keys(REVIEW_STATE_NAMES) as ReviewState[];

/**
 * Where a reviewed item stands, as the platform's screens show it: its review
 * state with its name, why it was sent back, its shelf and its pin.
 */
export const reviewStanding = (row: {
  reviewState: ReviewState;
  reviewNote: string | null;
  ifShelves: number;
  ifTop: number;
}) => ({
  reviewState: row.reviewState,
  reviewStateName: REVIEW_STATE_NAMES[row.reviewState],
  reviewNote: row.reviewNote,
  ifShelves: row.ifShelves,
  ifTop: row.ifTop,
});

export const CONCURRENT_MESSAGE = '内容刚被他人修改，请刷新后重试';
export const NOT_OWN_MESSAGE = '只能修改自己发布的内容';
export const SHELVE_NEEDS_APPROVAL = '审核通过后才能上架';
const NOT_OWN_SUBMIT_MESSAGE = '只能提交自己发布的内容';
const REASON_MAX = 500;

/** What the workflow reads of an item: its place in the review and who wrote it. */
export interface ReviewRow {
  id: number;
  reviewState: ReviewState;
  ifShelves: number;
  ifTop: number;
  createStaff: number | null;
}

type StepChange = Partial<{
  reviewState: ReviewState;
  checkStatus: number;
  reviewNote: string | null;
  ifShelves: number;
  ifTop: number;
  deleted: number;
}>;

/** One kind of reviewed item: where it lives and what differs between kinds. */
export interface ReviewedKind<Row extends ReviewRow, State> {
  table: 'news' | 'video';
  /** The operation log's name of the table (T_NEWS, TF_VIDEO). */
  infoTable: 'T_NEWS' | 'TF_VIDEO';
  /** How messages name one item: 该内容, 该视频. */
  noun: string;
  /**
   * Whether the author may shelve and take off their approved item (news), or
   * only a content administrator (videos: the video centre is the school's
   * showcase, so its shelf is curated).
   */
  authorsShelve: boolean;
  /** The refusal of approve / reject and of pin to a non-administrator. */
  messages?: { reviewerOnly?: string; pinOnly?: string };
  /** The item, not deleted (404 with `goneMessage`, or the kind's own, otherwise). */
  load(id: number, goneMessage?: string): Promise<Row>;
  /** Brings the search entry in line with the row; runs in the change's transaction. */
  reindex(trx: Kysely<Database>, id: number): Promise<void>;
  /** The answer of a step: the item's id and new state, as the platform's screens read it. */
  stateOf(row: Row): State;
  /**
   * The sensitive-word check of the steps that submit or publish (submit,
   * approve, shelve): the item's title and body, and its parts' (a special
   * topic's sub-news). None: not screened.
   */
  screen?: { words: SensitiveWords; texts(row: Row): Promise<ScreenedText[]> };
}

export class ReviewWorkflow<Row extends ReviewRow, State> {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: ReviewedKind<Row, State>,
    private readonly now: Clock,
  ) {}

  /** The item as the steps read it (not deleted; 404 otherwise). */
  current(id: number): Promise<Row> {
    return this.kind.load(id);
  }

  /**
   * `consent` (submit, approve, shelve): an administrator's confirmation to
   * take the step despite 禁止 words (a teacher cannot), a reviewer's reason
   * to publish despite 提醒 words (sensitive-words.ts `screen`).
   */
  submit(id: number, staff: AuthStaff, ip: string | null, consent = NO_CONSENT) {
    return this.transition(id, staff, ip, {
      operType: '提交审核',
      screened: { consent },
      allowed: (row) => canManage(staff, row.createStaff),
      refusal: NOT_OWN_SUBMIT_MESSAGE,
      check: (row) => {
        if (row.reviewState !== 'draft' && row.reviewState !== 'rejected') {
          throw wrongState(row, '不能提交审核');
        }
      },
      change: { reviewState: 'submitted', checkStatus: 0, ifShelves: 0 },
    });
  }

  approve(id: number, staff: AuthStaff, ip: string | null, consent = NO_CONSENT) {
    this.assertReviewer(staff);
    return this.transition(id, staff, ip, {
      operType: '审核通过',
      screened: { consent, publishes: '通过' },
      check: (row) => {
        if (row.reviewState !== 'submitted') throw wrongState(row, '不能审核');
      },
      // Approval publishes: at once, or for news at its shelves date (listedNews).
      change: { reviewState: 'approved', checkStatus: 1, reviewNote: null, ifShelves: 1 },
    });
  }

  reject(id: number, reason: string, staff: AuthStaff, ip: string | null) {
    this.assertReviewer(staff);
    const note = reason.trim();
    if (!note) throw badRequest('请填写退回原因');
    if (note.length > REASON_MAX) throw badRequest(`退回原因不能超过${REASON_MAX}个字`);
    return this.transition(id, staff, ip, {
      operType: '退回',
      check: (row) => {
        if (row.reviewState !== 'submitted') throw wrongState(row, '不能退回');
      },
      change: { reviewState: 'rejected', checkStatus: 0, ifShelves: 0, reviewNote: note },
    });
  }

  shelve(id: number, staff: AuthStaff, ip: string | null, consent = NO_CONSENT) {
    return this.transition(id, staff, ip, {
      operType: '上架',
      screened: { consent, publishes: '上架' },
      ...this.shelver(staff),
      check: (row) => {
        if (row.reviewState !== 'approved') throw badRequest(SHELVE_NEEDS_APPROVAL);
        if (row.ifShelves === 1) throw badRequest(`${this.kind.noun}已经上架`);
      },
      change: { ifShelves: 1 },
    });
  }

  unshelve(id: number, staff: AuthStaff, ip: string | null) {
    return this.transition(id, staff, ip, {
      operType: '下架',
      ...this.shelver(staff),
      check: (row) => {
        if (row.ifShelves !== 1) throw badRequest(`${this.kind.noun}当前未上架`);
      },
      change: { ifShelves: 0 },
    });
  }

  pin(id: number, ifTop: 0 | 1, staff: AuthStaff, ip: string | null) {
    assertContentAdmin(staff, this.kind.messages?.pinOnly ?? CONTENT_ADMIN_MESSAGE);
    return this.transition(id, staff, ip, {
      operType: ifTop === 1 ? '置顶' : '取消置顶',
      check: (row) => {
        if (row.ifTop === ifTop) {
          throw badRequest(ifTop ? `${this.kind.noun}已经置顶` : `${this.kind.noun}当前未置顶`);
        }
      },
      change: { ifTop },
    });
  }

  /**
   * Soft delete by a content administrator or the author: the row stays for
   * the operation log; the item leaves every list, detail and the search at
   * once. The one deletion path of the kind, for the public pages' 【删除】 and
   * the platform alike; `wording` words the refusals for the caller's screen.
   */
  async remove(
    id: number,
    staff: AuthStaff,
    ip: string | null,
    wording: { notAllowed?: string; gone?: string } = {},
  ) {
    await this.transition(id, staff, ip, {
      operType: '删除',
      allowed: (row) => canManage(staff, row.createStaff),
      refusal: wording.notAllowed ?? MANAGE_MESSAGE,
      change: { deleted: 1, ifShelves: 0 },
      goneMessage: wording.gone,
    });
  }

  private assertReviewer(staff: AuthStaff) {
    assertContentAdmin(staff, this.kind.messages?.reviewerOnly ?? CONTENT_ADMIN_MESSAGE);
  }

  /** Who may put an item on the shelf or take it off. */
  private shelver(staff: AuthStaff) {
    if (!this.kind.authorsShelve) {
      assertContentAdmin(staff);
      return {};
    }
    return {
      allowed: (row: Row) => canManage(staff, row.createStaff),
      refusal: MANAGE_MESSAGE,
    };
  }

  private async transition(
    id: number,
    staff: AuthStaff,
    ip: string | null,
    step: {
      operType: string;
      allowed?: (row: Row) => boolean;
      refusal?: string;
      check?: (row: Row) => void;
      change: StepChange;
      goneMessage?: string;
      /**
       * A step that submits or publishes: the item is screened for sensitive
       * words; `publishes`, the step a reviewer gives a reason for.
       */
      screened?: { consent: SensitiveConsent; publishes?: '通过' | '上架' };
    },
  ): Promise<State> {
    const row = await this.kind.load(id, step.goneMessage);
    if (step.allowed && !step.allowed(row)) throw forbidden(step.refusal);
    step.check?.(row);
    const { screen } = this.kind;
    // A teacher's save racing the step sends the item back to draft, which the
    // UPDATE's state guard below sees (409): unscreened text of theirs never passes.
    const note =
      screen && step.screened
        ? await screen.words.screen(
            await screen.texts(row),
            staff,
            step.screened.consent,
            step.screened.publishes,
          )
        : null;
    const now = this.now();
    const { table, infoTable } = this.kind;
    await inTransaction(this.db, async (trx) => {
      const result = await trx
        .updateTable(table)
        // A step is a write like a save: an edit form read before it is out of date.
        .set((eb) => ({ ...step.change, updatedAt: iso(now), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('deleted', '=', 0)
        .where('reviewState', '=', row.reviewState)
        .where('ifShelves', '=', row.ifShelves)
        .where('ifTop', '=', row.ifTop)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new AppError(409, CONCURRENT_MESSAGE);
      await this.kind.reindex(trx, id);
      await writeOperLog(trx, {
        staffId: staff.id,
        staffName: staff.name,
        infoTable,
        objId: id,
        operType: step.operType,
        note,
        ip,
        at: now,
      });
    });
    return this.kind.stateOf({ ...row, ...step.change });
  }
}

export function wrongState(row: Pick<ReviewRow, 'reviewState'>, action: string) {
  return badRequest(`当前状态为${REVIEW_STATE_NAMES[row.reviewState]}，${action}`);
}
