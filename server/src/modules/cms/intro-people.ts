import type { Kysely } from 'kysely';
import { sanitizeRichText } from '../../content/sanitize.js';
import { containsText } from '../../db/like.js';
import type { Database, PersonTable } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { offsetOf, type Paging } from '../../http/paging.js';
import { assertContentAdmin } from '../../http/permissions.js';
import { displayTime, iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../auth/session.js';
import { fileUrl } from '../file/service.js';
import { FMSM_TYPES } from '../intro/service.js';
import {
  deleteVersioned,
  keep,
  textOf,
  writeVersioned,
  type VersionedWrite,
} from './intro-versioning.js';
import { getContentRevision, listContentRevisions } from './revisions.js';
import { assertPictures, existingFiles, pictureViews } from './showcase-pictures.js';

export const PERSON_GONE_MESSAGE = '该人物不存在或已被删除';
/** People per page on meetfuyi (portal.md §9: school-introduction pages, 6). */
export const PUBLIC_PAGE_SIZE = 6;
const CONTENT_MAX = 200_000;

/**
 * The editable fields of a person (the spec's fmsm, table person): what a
 * save writes and a version keeps. For the principals (fmsmType 1) the
 * public table reads title as the name, post, plateType as the school's name
 * at the time, description as the education and brith as the tenure.
 */
export interface PersonDraft {
  fmsmType: number;
  /** The spec's subjectId: the public call can filter by it; no page uses it yet. */
  subjectId: number | null;
  title: string;
  description: string;
  /** Sanitised HTML. */
  content: string;
  picFileId: number | null;
  post: string | null;
  plateType: string | null;
  brith: string | null;
  enableType: number;
  sort: number;
}

export interface PersonSaveInput {
  fmsmId?: number;
  fmsmType: number;
  /** 0 clears it. */
  subjectId?: number;
  fmsmTitle: string;
  fmsmDesc?: string;
  fmsmCont?: string;
  /** 0 clears the photo. */
  picFileId?: number;
  post?: string;
  plateType?: string;
  brith?: string;
  enableType?: number;
  sort?: number;
}

type PersonRow = Omit<PersonTable, 'id'> & { id: number };

const draftOf = (row: PersonRow): PersonDraft => ({
  fmsmType: row.fmsmType,
  subjectId: row.subjectId,
  title: row.title,
  description: row.description,
  content: row.content,
  picFileId: row.picFileId,
  post: row.post,
  plateType: row.plateType,
  brith: row.brith,
  enableType: row.enableType,
  sort: row.sort,
});

/** The fields as the edit form and a version show them, in the API's names. */
const editableView = (draft: PersonDraft) => ({
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

/** Optional short text: trimmed, within its length, null when empty. */
const shortText = (value: string | null, max: number, label: string) =>
  textOf(value, max, label) || null;

/**
 * The people of meetfuyi section 2 (principals, teachers, alumni, medallists)
 * as the platform authors them. Administrators only; each save keeps a
 * version (content_revision, T_FMSM) and writes a T_FMSM log row.
 */
export class PersonAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

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
    const keyword = filter.keyword?.trim();
    const base = this.db
      .selectFrom('person')
      .$if(filter.fmsmType !== undefined, (qb) => qb.where('fmsmType', '=', filter.fmsmType!))
      .$if(filter.subjectId !== undefined, (qb) => qb.where('subjectId', '=', filter.subjectId!))
      .$if(Boolean(keyword), (qb) => qb.where(containsText('title', keyword!)));
    const { n } = await base
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .select([
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
      ])
      .orderBy('fmsmType')
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
    const pageOf = await this.publicPages([...new Set(rows.map((row) => row.fmsmType))]);
    return {
      total: Number(n),
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
        picFileId: row.picFileId,
        fmsmPic: picture(row.picFileId).url,
        picThumbUrl: picture(row.picFileId).thumbUrl,
        enableType: row.enableType,
        sort: row.sort,
        createDate: displayTime(row.createdAt),
        publicPageNum: pageOf.get(row.id) ?? null,
      })),
    };
  }

  async get(fmsmId: number, staff: AuthStaff) {
    assertContentAdmin(staff);
    const row = await this.row(fmsmId);
    const picture = await pictureViews(this.db, [row.picFileId]);
    return {
      fmsmId: row.id,
      ...editableView(draftOf(row)),
      picThumbUrl: picture(row.picFileId).thumbUrl,
      createDate: displayTime(row.createdAt),
    };
  }

  async save(input: PersonSaveInput, staff: AuthStaff, ip: string | null): Promise<number> {
    assertContentAdmin(staff);
    const current = input.fmsmId ? await this.row(input.fmsmId) : undefined;
    const before = current ? draftOf(current) : undefined;
    const title = textOf(input.fmsmTitle, 200, '姓名');
    if (!title) throw badRequest('请输入姓名');
    const content = keep(input.fmsmCont, before?.content, '');
    if (content.length > CONTENT_MAX) throw badRequest('正文过长，请精简后再保存');
    const text = (value: string | undefined, previous: string | null | undefined) =>
      value === undefined ? (previous ?? null) : value;
    const draft: PersonDraft = {
      fmsmType: input.fmsmType,
      subjectId:
        input.subjectId === undefined ? (before?.subjectId ?? null) : input.subjectId || null,
      title,
      description: textOf(keep(input.fmsmDesc, before?.description, ''), 1000, '简介'),
      content: sanitizeRichText(content),
      picFileId:
        input.picFileId === undefined ? (before?.picFileId ?? null) : input.picFileId || null,
      post: shortText(text(input.post, before?.post), 100, '职务'),
      plateType: shortText(text(input.plateType, before?.plateType), 100, '校名或类别'),
      brith: shortText(text(input.brith, before?.brith), 100, '任职时间或届别'),
      enableType: keep(input.enableType, before?.enableType, 1),
      sort: keep(input.sort, before?.sort, 0),
    };
    return this.write(current, draft, staff, ip, current ? '修改' : '新增');
  }

  async remove(fmsmId: number, staff: AuthStaff, ip: string | null) {
    assertContentAdmin(staff);
    await this.row(fmsmId);
    await deleteVersioned(
      this.db,
      { infoTable: 'T_FMSM', id: fmsmId, goneMessage: PERSON_GONE_MESSAGE },
      async (trx) => {
        const result = await trx.deleteFrom('person').where('id', '=', fmsmId).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      },
      { staff, ip, now: this.now() },
    );
  }

  async revisions(fmsmId: number, staff: AuthStaff) {
    assertContentAdmin(staff);
    await this.row(fmsmId);
    return listContentRevisions(this.db, 'T_FMSM', fmsmId);
  }

  async revision(revisionId: number, staff: AuthStaff) {
    assertContentAdmin(staff);
    const found = await getContentRevision<PersonDraft>(this.db, 'T_FMSM', revisionId);
    return {
      revisionId: found.revisionId,
      fmsmId: found.objId,
      staffName: found.staffName,
      createDate: found.createDate,
      ...editableView(found.snapshot),
    };
  }

  async restore(fmsmId: number, revisionId: number, staff: AuthStaff, ip: string | null) {
    assertContentAdmin(staff);
    const current = await this.row(fmsmId);
    const found = await getContentRevision<PersonDraft>(this.db, 'T_FMSM', revisionId);
    if (found.objId !== fmsmId) throw notFound('该版本不存在');
    const snapshot = found.snapshot;
    const existing = await existingFiles(this.db, [snapshot.picFileId]);
    const picFileId =
      snapshot.picFileId && existing.has(snapshot.picFileId) ? snapshot.picFileId : null;
    const draft = { ...snapshot, content: sanitizeRichText(snapshot.content), picFileId };
    return this.write(current, draft, staff, ip, '恢复版本');
  }

  // ---- internals ----

  private async row(fmsmId: number): Promise<PersonRow> {
    const row = await this.db
      .selectFrom('person')
      .selectAll()
      .where('id', '=', fmsmId)
      .executeTakeFirst();
    if (!row) throw notFound(PERSON_GONE_MESSAGE);
    return row;
  }

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
      .orderBy('sort')
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
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

  private async write(
    current: PersonRow | undefined,
    draft: PersonDraft,
    staff: AuthStaff,
    ip: string | null,
    operType: string,
  ) {
    if (!FMSM_TYPES[draft.fmsmType]) throw badRequest('请选择人物栏目');
    if (draft.enableType !== 1 && draft.enableType !== 2) {
      throw badRequest('enableType 须为 1（所有人可见）或 2（仅教职工可见）');
    }
    await assertPictures(this.db, [{ fileId: draft.picFileId, label: '照片', required: false }]);
    const now = this.now();
    const write: VersionedWrite<PersonDraft> = {
      infoTable: 'T_FMSM',
      current: current && { id: current.id, createdAt: current.createdAt, draft: draftOf(current) },
      draft,
      staff,
      ip,
      now,
      operType,
      goneMessage: PERSON_GONE_MESSAGE,
      insert: async (trx, values) => {
        const { id } = await trx
          .insertInto('person')
          .values({ ...values, createdAt: iso(now) })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      },
      update: async (trx, id, values) => {
        const result = await trx
          .updateTable('person')
          .set(values)
          .where('id', '=', id)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      },
    };
    return writeVersioned(this.db, write);
  }
}
