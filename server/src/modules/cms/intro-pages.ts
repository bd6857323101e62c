import type { Kysely } from 'kysely';
import { sanitizeRichText } from '../../content/sanitize.js';
import { containsText } from '../../db/like.js';
import type { Database, IntroPageTable } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { offsetOf, type Paging } from '../../http/paging.js';
import { assertContentAdmin } from '../../http/permissions.js';
import { displayTime, iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../auth/session.js';
import { fileUrl } from '../file/service.js';
import { WWFZ_TYPES } from '../intro/service.js';
import {
  deleteVersioned,
  keep,
  textOf,
  writeVersioned,
  type VersionedWrite,
} from './intro-versioning.js';
import { getContentRevision, listContentRevisions } from './revisions.js';
import { assertPictures, existingFiles, pictureViews } from './showcase-pictures.js';

/**
 * School-introduction pages (the spec's wwfz, table intro_page) as the
 * platform authors them.
 *
 * One page per type where the public page shows one: the profile (1), the
 * aims (7) and the scholarships (11) are plain pages, and meetfuyi shows only
 * the first page of the type (web/app/api/intro-page.ts, kind 'page'). A
 * second page there would never be seen, so creating one (or moving a page
 * into such a type that already has one) is refused with a message that says
 * to edit the existing page. The other types list several pages: tabs
 * (history 2, emblem and song 6), leader cards (3) and paged lists (5, 8, 9, 10).
 */
export const SINGLE_PAGE_TYPES: readonly number[] = [1, 7, 11];

export const PAGE_GONE_MESSAGE = '该页面不存在或已被删除';
const CONTENT_MAX = 200_000;

/** The editable fields of a page: what a save writes and a version keeps. */
export interface IntroPageDraft {
  wwfzType: number;
  title: string;
  enTitle: string | null;
  description: string;
  /** Sanitised HTML. */
  content: string;
  picFileId: number | null;
  /** 1 everyone, 2 logged-in staff only. */
  enableType: number;
  sort: number;
}

/** A save as the API sends it: no wwfzId creates; fields left out keep their value. */
export interface IntroPageSaveInput {
  wwfzId?: number;
  wwfzType: number;
  wwfzTitle: string;
  enWwfzTitle?: string;
  wwfzDesc?: string;
  wwfzCont?: string;
  /** 0 clears the picture. */
  picFileId?: number;
  enableType?: number;
  sort?: number;
}

type PageRow = Omit<IntroPageTable, 'id'> & { id: number };

const draftOf = (row: PageRow): IntroPageDraft => ({
  wwfzType: row.wwfzType,
  title: row.title,
  enTitle: row.enTitle,
  description: row.description,
  content: row.content,
  picFileId: row.picFileId,
  enableType: row.enableType,
  sort: row.sort,
});

/** The fields as the edit form and a version show them, in the API's names. */
const editableView = (draft: IntroPageDraft) => ({
  wwfzType: draft.wwfzType,
  wwfzTypeName: WWFZ_TYPES[draft.wwfzType] ?? '',
  wwfzTitle: draft.title,
  enWwfzTitle: draft.enTitle ?? '',
  wwfzDesc: draft.description,
  wwfzCont: draft.content,
  picFileId: draft.picFileId,
  wwfzPic: fileUrl(draft.picFileId),
  enableType: draft.enableType,
  sort: draft.sort,
});

export class IntroPageAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  /** Pages of a type (or all), in the public order: sort, then newest first. */
  async list(filter: { wwfzType?: number; keyword?: string }, staff: AuthStaff, paging: Paging) {
    assertContentAdmin(staff);
    const keyword = filter.keyword?.trim();
    const base = this.db
      .selectFrom('introPage')
      .$if(filter.wwfzType !== undefined, (qb) => qb.where('wwfzType', '=', filter.wwfzType!))
      .$if(Boolean(keyword), (qb) => qb.where(containsText('title', keyword!)));
    const { n } = await base
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .select([
        'id',
        'wwfzType',
        'title',
        'enTitle',
        'description',
        'picFileId',
        'enableType',
        'sort',
        'createdAt',
      ])
      .orderBy('wwfzType')
      .orderBy('sort')
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.pageSize)
      .offset(offsetOf(paging))
      .execute();
    const picture = await pictureViews(
      this.db,
      rows.map((row) => row.picFileId),
    );
    return {
      total: Number(n),
      list: rows.map((row) => ({
        wwfzId: row.id,
        wwfzType: row.wwfzType,
        wwfzTypeName: WWFZ_TYPES[row.wwfzType] ?? '',
        wwfzTitle: row.title,
        enWwfzTitle: row.enTitle ?? '',
        wwfzDesc: row.description,
        picFileId: row.picFileId,
        wwfzPic: picture(row.picFileId).url,
        picThumbUrl: picture(row.picFileId).thumbUrl,
        enableType: row.enableType,
        sort: row.sort,
        createDate: displayTime(row.createdAt),
      })),
    };
  }

  /** A page as its edit form shows it. */
  async get(wwfzId: number, staff: AuthStaff) {
    assertContentAdmin(staff);
    const row = await this.row(wwfzId);
    const picture = await pictureViews(this.db, [row.picFileId]);
    return {
      wwfzId: row.id,
      ...editableView(draftOf(row)),
      picThumbUrl: picture(row.picFileId).thumbUrl,
      createDate: displayTime(row.createdAt),
    };
  }

  async save(input: IntroPageSaveInput, staff: AuthStaff, ip: string | null): Promise<number> {
    assertContentAdmin(staff);
    const current = input.wwfzId ? await this.row(input.wwfzId) : undefined;
    const before = current ? draftOf(current) : undefined;
    const title = textOf(input.wwfzTitle, 200, '标题');
    if (!title) throw badRequest('请输入标题');
    const content = keep(input.wwfzCont, before?.content, '');
    if (content.length > CONTENT_MAX) throw badRequest('正文过长，请分成几个页面');
    const draft: IntroPageDraft = {
      wwfzType: input.wwfzType,
      title,
      enTitle: textOf(keep(input.enWwfzTitle, before?.enTitle ?? '', ''), 200, '英文标题') || null,
      description: textOf(keep(input.wwfzDesc, before?.description, ''), 1000, '摘要'),
      content: sanitizeRichText(content),
      picFileId:
        input.picFileId === undefined ? (before?.picFileId ?? null) : input.picFileId || null,
      enableType: keep(input.enableType, before?.enableType, 1),
      sort: keep(input.sort, before?.sort, 0),
    };
    return this.write(current, draft, staff, ip, current ? '修改' : '新增');
  }

  async remove(wwfzId: number, staff: AuthStaff, ip: string | null) {
    assertContentAdmin(staff);
    await this.row(wwfzId);
    await deleteVersioned(
      this.db,
      { infoTable: 'T_WWFZ', id: wwfzId, goneMessage: PAGE_GONE_MESSAGE },
      async (trx) => {
        const result = await trx
          .deleteFrom('introPage')
          .where('id', '=', wwfzId)
          .executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      },
      { staff, ip, now: this.now() },
    );
  }

  async revisions(wwfzId: number, staff: AuthStaff) {
    assertContentAdmin(staff);
    await this.row(wwfzId);
    return listContentRevisions(this.db, 'T_WWFZ', wwfzId);
  }

  /** One version in full, in the shape of the edit form, for comparing. */
  async revision(revisionId: number, staff: AuthStaff) {
    assertContentAdmin(staff);
    const found = await getContentRevision<IntroPageDraft>(this.db, 'T_WWFZ', revisionId);
    return {
      revisionId: found.revisionId,
      wwfzId: found.objId,
      staffName: found.staffName,
      createDate: found.createDate,
      ...editableView(found.snapshot),
    };
  }

  /** Saves an earlier version again, as a new version. */
  async restore(wwfzId: number, revisionId: number, staff: AuthStaff, ip: string | null) {
    assertContentAdmin(staff);
    const current = await this.row(wwfzId);
    const found = await getContentRevision<IntroPageDraft>(this.db, 'T_WWFZ', revisionId);
    if (found.objId !== wwfzId) throw notFound('该版本不存在');
    const snapshot = found.snapshot;
    // A picture deleted from storage since then cannot come back.
    const existing = await existingFiles(this.db, [snapshot.picFileId]);
    const picFileId =
      snapshot.picFileId && existing.has(snapshot.picFileId) ? snapshot.picFileId : null;
    const draft = { ...snapshot, content: sanitizeRichText(snapshot.content), picFileId };
    return this.write(current, draft, staff, ip, '恢复版本');
  }

  // ---- internals ----

  private async row(wwfzId: number): Promise<PageRow> {
    const row = await this.db
      .selectFrom('introPage')
      .selectAll()
      .where('id', '=', wwfzId)
      .executeTakeFirst();
    if (!row) throw notFound(PAGE_GONE_MESSAGE);
    return row;
  }

  private async write(
    current: PageRow | undefined,
    draft: IntroPageDraft,
    staff: AuthStaff,
    ip: string | null,
    operType: string,
  ) {
    if (!WWFZ_TYPES[draft.wwfzType]) throw badRequest('请选择学校介绍栏目');
    if (draft.enableType !== 1 && draft.enableType !== 2) {
      throw badRequest('enableType 须为 1（所有人可见）或 2（仅教职工可见）');
    }
    await assertPictures(this.db, [{ fileId: draft.picFileId, label: '图片', required: false }]);
    const now = this.now();
    const write: VersionedWrite<IntroPageDraft> = {
      infoTable: 'T_WWFZ',
      current: current && { id: current.id, createdAt: current.createdAt, draft: draftOf(current) },
      draft,
      staff,
      ip,
      now,
      operType,
      goneMessage: PAGE_GONE_MESSAGE,
      check: (trx) => this.assertRoomFor(trx, draft.wwfzType, current),
      insert: async (trx, values) => {
        const { id } = await trx
          .insertInto('introPage')
          .values({ ...values, createdAt: iso(now) })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      },
      update: async (trx, id, values) => {
        const result = await trx
          .updateTable('introPage')
          .set(values)
          .where('id', '=', id)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      },
    };
    return writeVersioned(this.db, write);
  }

  /** A type that holds one page takes no second one (see SINGLE_PAGE_TYPES). */
  private async assertRoomFor(
    db: Kysely<Database>,
    wwfzType: number,
    current: PageRow | undefined,
  ) {
    if (!SINGLE_PAGE_TYPES.includes(wwfzType)) return;
    if (current && current.wwfzType === wwfzType) return;
    const other = await db
      .selectFrom('introPage')
      .select('id')
      .where('wwfzType', '=', wwfzType)
      .$if(current !== undefined, (qb) => qb.where('id', '<>', current!.id))
      .limit(1)
      .executeTakeFirst();
    if (other) {
      throw new AppError(
        409,
        `“${WWFZ_TYPES[wwfzType]}”只有一个页面，已经存在，请编辑已有的页面（编号 ${other.id}）`,
      );
    }
  }
}
