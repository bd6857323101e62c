import type { Kysely } from 'kysely';
import type { FileService } from '../../platform/files/service.js';
import type { Database } from '../../db/schema.js';
import type { Paging } from '../../http/paging.js';
import { assertContentAdmin } from '../../http/roles.js';
import type { Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { fileUrl } from '../../platform/files/service.js';
import { FMSM_TYPES, inPublicOrder } from './service.js';
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

export const PERSON_GONE_MESSAGE = '该人物不存在或已被删除';
/** People per page on meetfuyi (portal.md §9: school-introduction pages, 6). */
export const PUBLIC_PAGE_SIZE = 6;

/**
 * The editable fields of a person (the spec's fmsm, table person): what a
 * save writes and a version keeps. For the principals (fmsmType 1) the
 * public table reads title as the name, post, plateType as the school's name
 * at the time, description as the education and brith as the tenure.
 */
export interface PersonDraft extends IntroDraft {
  fmsmType: number;
  /** The spec's subjectId: the public call can filter by it; no page uses it yet. */
  subjectId: number | null;
  post: string | null;
  plateType: string | null;
  brith: string | null;
}

export interface PersonSaveInput extends IntroSaveInput {
  fmsmId?: number;
  fmsmType: number;
  /** 0 clears it. */
  subjectId?: number;
  fmsmTitle: string;
  fmsmDesc?: string;
  fmsmCont?: string;
  post?: string;
  plateType?: string;
  brith?: string;
}

type PersonRow = IntroRow<PersonDraft>;

const draftOf = (row: PersonRow): PersonDraft => ({
  ...introDraftOf(row),
  fmsmType: row.fmsmType,
  subjectId: row.subjectId,
  post: row.post,
  plateType: row.plateType,
  brith: row.brith,
});

/** Optional short text: trimmed, within its length, null when empty. */
const shortText = (value: string | null, max: number, label: string) =>
  textOf(value, max, label) || null;

/** The fields as the edit form and a version show them, in the API's names. */
const personView = (draft: PersonDraft) => ({
  fmsmType: draft.fmsmType,
  fmsmTypeName: FMSM_TYPES[draft.fmsmType] ?? '',
  subjectId: draft.subjectId,
  fmsmTitle: draft.title,
  fmsmDesc: draft.description,
  fmsmCont: draft.content,
  picFileId: draft.picFileId,
  fmsmPic: fileUrl(draft.picFileId),
  post: draft.post ?? '',
  plateType: draft.plateType ?? '',
  brith: draft.brith ?? '',
  enableType: draft.enableType,
  sort: draft.sort,
});

const PERSON_KIND: IntroKind<PersonDraft, ReturnType<typeof personView>, 'fmsmId'> = {
  table: 'person',
  typeColumn: 'fmsmType',
  types: FMSM_TYPES,
  typeMessage: '请选择人物栏目',
  infoTable: 'T_FMSM',
  idName: 'fmsmId',
  goneMessage: PERSON_GONE_MESSAGE,
  pictureLabel: '照片',
  listColumns: [
    'id',
    'fmsmType',
    'subjectId',
    'title',
    'description',
    'picFileId',
    'post',
    'plateType',
    'brith',
    'enableType',
    'sort',
    'createdAt',
  ],
  draftOf,
  editableView: personView,
};

/**
 * The people of meetfuyi section 2 (principals, teachers, alumni, medallists)
 * as the platform authors them. Administrators only; each save keeps a
 * version (content_revision, T_FMSM) and writes a T_FMSM log row.
 */
export class PersonAdmin extends IntroItemAdmin<
  PersonDraft,
  ReturnType<typeof personView>,
  'fmsmId'
> {
  constructor(db: Kysely<Database>, now: Clock, files: FileService) {
    super(db, now, PERSON_KIND, files);
  }

  /**
   * People of a type (or all), in the public order: sort, then newest first.
   * publicPageNum: the page of meetfuyi that lists the person (null when only
   * staff may see them), so the platform can link to it.
   */
  async list(
    filter: { fmsmType?: number; subjectId?: number; keyword?: string },
    staff: AuthStaff,
    paging: Paging,
  ) {
    assertContentAdmin(staff);
    const { total, rows, picture, listed } = await this.listRows<IntroListRow<PersonDraft>>(
      { type: filter.fmsmType, keyword: filter.keyword, equals: { subjectId: filter.subjectId } },
      paging,
    );
    const pageOf = await this.publicPages([...new Set(rows.map((row) => row.fmsmType))]);
    return {
      total,
      list: rows.map((row) => ({
        fmsmId: row.id,
        fmsmType: row.fmsmType,
        fmsmTypeName: FMSM_TYPES[row.fmsmType] ?? '',
        subjectId: row.subjectId,
        fmsmTitle: row.title,
        fmsmDesc: row.description,
        post: row.post ?? '',
        plateType: row.plateType ?? '',
        brith: row.brith ?? '',
        fmsmPic: picture(row.picFileId).url,
        ...listed(row),
        publicPageNum: pageOf.get(row.id) ?? null,
      })),
    };
  }

  /** `system`: the seed's, the importer's or a factory's save in an administrator's name. */
  save(
    input: PersonSaveInput,
    staff: AuthStaff,
    ip: string | null,
    system: IntroSystemSave = {},
  ): Promise<number> {
    const text = (value: string | undefined, previous: string | null | undefined) =>
      value === undefined ? (previous ?? null) : value;
    return this.saveWith(
      input.fmsmId,
      { ...input, title: input.fmsmTitle, content: input.fmsmCont },
      { titleLabel: '姓名', contentTooLong: '正文过长，请精简后再保存' },
      (common, before) => ({
        fmsmType: input.fmsmType,
        subjectId:
          input.subjectId === undefined ? (before?.subjectId ?? null) : input.subjectId || null,
        title: common.title,
        description: textOf(keep(input.fmsmDesc, before?.description, ''), 1000, '简介'),
        content: common.content,
        picFileId: common.picFileId,
        post: shortText(text(input.post, before?.post), 100, '职务'),
        plateType: shortText(text(input.plateType, before?.plateType), 100, '校名或类别'),
        brith: shortText(text(input.brith, before?.brith), 100, '任职时间或届别'),
        enableType: common.enableType,
        sort: common.sort,
      }),
      staff,
      ip,
      system,
    );
  }

  // ---- internals ----

  /** The meetfuyi page number of every public person of the given types. */
  private async publicPages(types: number[]): Promise<Map<number, number>> {
    const pages = new Map<number, number>();
    if (types.length === 0) return pages;
    const rows = await this.db
      .selectFrom('person')
      .select(['id', 'fmsmType'])
      .where('fmsmType', 'in', types)
      .where('enableType', '=', 1)
      .orderBy('fmsmType')
      .$call(inPublicOrder)
      .execute();
    let type: number | undefined;
    let position = 0;
    for (const row of rows) {
      position = row.fmsmType === type ? position + 1 : 0;
      type = row.fmsmType;
      pages.set(row.id, Math.floor(position / PUBLIC_PAGE_SIZE) + 1);
    }
    return pages;
  }
}
