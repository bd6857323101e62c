import type { Kysely } from 'kysely';
import type { FileService } from '../../platform/files/service.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Paging } from '../../http/paging.js';
import { assertContentAdmin } from '../../http/roles.js';
import type { Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { fileUrl } from '../../platform/files/service.js';
import { fixedPage, WWFZ_TYPES } from './service.js';

const FIXED_PAGE_MESSAGE =
  '该页面由前台按固定编号打开（历史沿革、校徽、校歌），不能删除或移到其他栏目；可修改内容或设为仅教职工可见';
import {
  introDraftOf,
  IntroItemAdmin,
  type IntroSystemSave,
  type IntroDraft,
  type IntroKind,
  type IntroListRow,
  type IntroRow,
  type IntroSaveInput,
} from './admin-base.js';
import { keep, textOf } from './versioning.js';

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

/** The editable fields of a page: what a save writes and a version keeps. */
export interface IntroPageDraft extends IntroDraft {
  wwfzType: number;
  enTitle: string | null;
}

/** A save as the API sends it: no wwfzId creates; fields left out keep their value. */
export interface IntroPageSaveInput extends IntroSaveInput {
  wwfzId?: number;
  wwfzType: number;
  wwfzTitle: string;
  enWwfzTitle?: string;
  wwfzDesc?: string;
  wwfzCont?: string;
}

type PageRow = IntroRow<IntroPageDraft>;

const draftOf = (row: PageRow): IntroPageDraft => ({
  ...introDraftOf(row),
  wwfzType: row.wwfzType,
  enTitle: row.enTitle,
});

/** A type that holds one page takes no second one (see SINGLE_PAGE_TYPES). */
async function assertRoomFor(db: Kysely<Database>, wwfzType: number, current: PageRow | undefined) {
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

/** The fields as the edit form and a version show them, in the API's names. */
const pageView = (draft: IntroPageDraft) => ({
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

const PAGE_KIND: IntroKind<IntroPageDraft, ReturnType<typeof pageView>, 'wwfzId'> = {
  table: 'introPage',
  typeColumn: 'wwfzType',
  types: WWFZ_TYPES,
  typeMessage: '请选择学校介绍栏目',
  infoTable: 'T_WWFZ',
  idName: 'wwfzId',
  goneMessage: PAGE_GONE_MESSAGE,
  pictureLabel: '图片',
  listColumns: [
    'id',
    'wwfzType',
    'title',
    'enTitle',
    'description',
    'picFileId',
    'enableType',
    'sort',
    'createdAt',
  ],
  draftOf,
  editableView: pageView,
  checkRoom: (db, draft, current) => assertRoomFor(db, draft.wwfzType, current),
};

/** The pages as the platform edits them; reading, deleting and versions: IntroItemAdmin. */
export class IntroPageAdmin extends IntroItemAdmin<
  IntroPageDraft,
  ReturnType<typeof pageView>,
  'wwfzId'
> {
  constructor(db: Kysely<Database>, now: Clock, files: FileService) {
    super(db, now, PAGE_KIND, files);
  }

  /** Pages of a type (or all), in the public order: sort, then newest first. */
  async list(filter: { wwfzType?: number; keyword?: string }, staff: AuthStaff, paging: Paging) {
    assertContentAdmin(staff);
    const { total, rows, picture, listed } = await this.listRows<IntroListRow<IntroPageDraft>>(
      { type: filter.wwfzType, keyword: filter.keyword },
      paging,
    );
    return {
      total,
      list: rows.map((row) => ({
        wwfzId: row.id,
        wwfzType: row.wwfzType,
        wwfzTypeName: WWFZ_TYPES[row.wwfzType] ?? '',
        wwfzTitle: row.title,
        enWwfzTitle: row.enTitle ?? '',
        wwfzDesc: row.description,
        wwfzPic: picture(row.picFileId).url,
        ...listed(row),
      })),
    };
  }

  /** The pages asked for by fixed id stay: their text is edited, they are not deleted. */
  override async remove(id: number, staff: AuthStaff, ip: string | null) {
    assertContentAdmin(staff);
    if (fixedPage(id)) throw new AppError(409, FIXED_PAGE_MESSAGE);
    return super.remove(id, staff, ip);
  }

  /** `system`: the seed's, the importer's or a factory's save in an administrator's name. */
  save(
    input: IntroPageSaveInput,
    staff: AuthStaff,
    ip: string | null,
    system: IntroSystemSave = {},
  ): Promise<number> {
    const fixed = input.wwfzId === undefined ? undefined : fixedPage(input.wwfzId);
    if (fixed && fixed.wwfzType !== input.wwfzType) throw new AppError(409, FIXED_PAGE_MESSAGE);
    return this.saveWith(
      input.wwfzId,
      { ...input, title: input.wwfzTitle, content: input.wwfzCont },
      { titleLabel: '标题', contentTooLong: '正文过长，请分成几个页面' },
      (common, before) => ({
        wwfzType: input.wwfzType,
        title: common.title,
        enTitle:
          textOf(keep(input.enWwfzTitle, before?.enTitle ?? '', ''), 200, '英文标题') || null,
        description: textOf(keep(input.wwfzDesc, before?.description, ''), 1000, '摘要'),
        content: common.content,
        picFileId: common.picFileId,
        enableType: common.enableType,
        sort: common.sort,
      }),
      staff,
      ip,
      system,
    );
  }
}
