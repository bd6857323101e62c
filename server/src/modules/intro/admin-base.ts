import type { FileService } from '../../platform/files/service.js';
import { filesInHtml } from '../../platform/files/uses.js';
import type { Kysely, SelectExpression } from 'kysely';
import { sanitizeRichText } from '../../platform/content/sanitize.js';
import { containsText } from '../../db/like.js';
import type { Database } from '../../db/schema.js';
import { badRequest, orNotFound } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';
import { assertContentAdmin } from '../../http/roles.js';
import { displayTime, iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { inPublicOrder } from './service.js';
import { deleteVersioned, keep, ORIGINAL_AUTHOR, textOf, type IntroTable } from './versioning.js';
import {
  getContentRevision,
  listContentRevisions,
  revisionInFull,
  revisionToRestore,
} from '../../platform/publishing/revisions.js';
import { saveContent, type SystemSave } from '../../platform/publishing/save.js';
import { existingFiles } from '../../platform/files/item-files.js';
import { assertPictures, pageWithPictures, pictureViews } from '../../platform/files/pictures.js';

/** The system's saves of pages and people (their importer writes each outside a transaction). */
export type IntroSystemSave = Omit<SystemSave, 'db'>;

/** The tables of the Encounter section's items, and their type columns. */
type ItemTable = 'introPage' | 'person';
type TypeColumn = 'wwfzType' | 'fmsmType';

/** The editable fields every introduction item has, as a save writes and a version keeps them. */
export interface IntroDraft {
  title: string;
  description: string;
  /** Sanitised HTML. */
  content: string;
  picFileId: number | null;
  /** 1 everyone, 2 logged-in staff only. */
  enableType: number;
  sort: number;
}

/** A stored item: its draft's columns with id and creation time. */
export type IntroRow<D> = D & { id: number; createdAt: string; version: number };

/** A row of a list: the item without its body. */
export type IntroListRow<D> = Omit<IntroRow<D>, 'content'>;

/** The fields every kind has, read from a stored item; a kind's draft adds its own. */
export const introDraftOf = (row: IntroDraft): IntroDraft => ({
  title: row.title,
  description: row.description,
  content: row.content,
  picFileId: row.picFileId,
  enableType: row.enableType,
  sort: row.sort,
});

/**
 * What sets one kind of item (a page, a person) apart from the other: D its
 * draft, V its fields as the edit form shows them, I its id's name.
 */
export interface IntroKind<
  D extends IntroDraft,
  V extends object = Record<string, unknown>,
  I extends string = string,
> {
  table: ItemTable;
  /** The column (and draft field) holding the item's type: wwfzType, fmsmType. */
  typeColumn: TypeColumn;
  /** The type codes with their names; a draft of another type is refused with typeMessage. */
  types: Readonly<Record<number, string>>;
  typeMessage: string;
  /** The operation log's and the versions' table code: T_WWFZ, T_FMSM. */
  infoTable: IntroTable;
  /** The item's id in the API: wwfzId, fmsmId. */
  idName: I;
  /** 404 message for an item that is not there (or no longer). */
  goneMessage: string;
  /** What the picture is called in messages: 图片, 照片. */
  pictureLabel: string;
  /** The columns a list reads (all but the full text). */
  listColumns: ReadonlyArray<SelectExpression<Database, ItemTable>>;
  draftOf(row: IntroRow<D>): D;
  /** The fields as the edit form and a version show them, in the API's names. */
  editableView(draft: D): V;
  /** A rule that reads other rows (e.g. one page per type), inside the save's transaction. */
  checkRoom?(db: Kysely<Database>, draft: D, current: IntroRow<D> | undefined): Promise<void>;
}

/** The fields of a save every kind shares, in the API's names (fields left out keep their value). */
export interface CommonSaveInput {
  title: string;
  content?: string;
  /** 0 clears the picture. */
  picFileId?: number;
  enableType?: number;
  sort?: number;
  /** The version the edit form was read at; a save of an item changed since answers 409. */
  version?: number;
}

/** A kind's save input: CommonSaveInput with the title and body under the kind's spec names. */
export type IntroSaveInput = Omit<CommonSaveInput, 'title' | 'content'>;

const CONTENT_MAX = 200_000;

/**
 * What the platform does alike with the school-introduction pages and the
 * people: read one for its form, save with a version and a log row, delete
 * with its versions, list, show and restore versions. Administrators only.
 * The save is the kinds' one save: the platform, the site importer, the demo
 * seed and the test factories all create and change pages and people here.
 * A kind (IntroKind) names its table, codes and messages; the subclass adds
 * its own list filters, answer rows and save fields.
 */
export abstract class IntroItemAdmin<
  D extends IntroDraft,
  V extends object = Record<string, unknown>,
  I extends string = string,
> {
  constructor(
    protected readonly db: Kysely<Database>,
    protected readonly now: Clock,
    private readonly kind: IntroKind<D, V, I>,
    private readonly files: FileService,
  ) {}

  /** `{ wwfzId: id }` or `{ fmsmId: id }`: the item's id under its name. */
  private idOf(id: number) {
    return { [this.kind.idName]: id } as Record<I, number>;
  }

  /** An item as its edit form shows it. */
  async get(id: number, staff: AuthStaff) {
    assertContentAdmin(staff);
    const row = await this.row(id);
    const picture = await pictureViews(this.db, [row.picFileId]);
    return {
      ...this.idOf(row.id),
      ...this.kind.editableView(this.kind.draftOf(row)),
      picThumbUrl: picture(row.picFileId).thumbUrl,
      createDate: displayTime(row.createdAt),
      version: row.version,
    };
  }

  async remove(id: number, staff: AuthStaff, ip: string | null) {
    assertContentAdmin(staff);
    await this.row(id);
    const { infoTable, goneMessage, table } = this.kind;
    await deleteVersioned(
      this.db,
      { infoTable, id, goneMessage },
      async (trx) => {
        const result = await trx.deleteFrom(table).where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      },
      { staff, ip, now: this.now() },
    );
  }

  async revisions(id: number, staff: AuthStaff) {
    assertContentAdmin(staff);
    await this.row(id);
    return listContentRevisions(this.db, this.kind.infoTable, id);
  }

  /** One version in full, in the shape of the edit form, for comparing. */
  async revision(revisionId: number, staff: AuthStaff) {
    assertContentAdmin(staff);
    const found = await getContentRevision<D>(this.db, this.kind.infoTable, revisionId);
    return revisionInFull(found, this.kind.idName, this.kind.editableView);
  }

  /** Saves an earlier version again, as a new version. */
  async restore(id: number, revisionId: number, staff: AuthStaff, ip: string | null) {
    assertContentAdmin(staff);
    const current = await this.row(id);
    const snapshot = await revisionToRestore<D>(this.db, this.kind.infoTable, id, revisionId);
    // A picture deleted from storage since then cannot come back.
    const existing = await existingFiles(this.db, [snapshot.picFileId]);
    const picFileId =
      snapshot.picFileId && existing.has(snapshot.picFileId) ? snapshot.picFileId : null;
    const draft = { ...snapshot, content: sanitizeRichText(snapshot.content), picFileId };
    await this.write(current, draft, staff, ip, '恢复版本');
    return this.idOf(id);
  }

  // ---- for the kinds ----

  /**
   * One page of items of a type (or all) with a title keyword, in the public
   * order: type, sort, then newest first; `equals` adds a kind's own filters.
   * `listed` gives a row's fields that every kind's list answers alike.
   */
  protected async listRows<L extends IntroListRow<IntroDraft>>(
    filter: { type?: number; keyword?: string; equals?: { subjectId?: number } },
    paging: Paging,
  ) {
    const { table, typeColumn } = this.kind;
    const keyword = filter.keyword?.trim();
    let base = this.db
      .selectFrom(table)
      .$if(filter.type !== undefined, (qb) => qb.where(typeColumn, '=', filter.type!));
    for (const [column, value] of Object.entries(filter.equals ?? {})) {
      if (value !== undefined) base = base.where(column as 'subjectId', '=', value);
    }
    base = base.$if(Boolean(keyword), (qb) => qb.where(containsText('title', keyword!)));
    const { total, rows, picture } = await pageWithPictures(
      this.db,
      base,
      paging,
      (query) =>
        query.select(this.kind.listColumns).orderBy(typeColumn).$call(inPublicOrder).$castTo<L>(),
      (row) => [row.picFileId],
    );
    const listed = (row: L) => ({
      picFileId: row.picFileId,
      picThumbUrl: picture(row.picFileId).thumbUrl,
      enableType: row.enableType,
      sort: row.sort,
      createDate: displayTime(row.createdAt),
    });
    return { total, rows, picture, listed };
  }

  /**
   * A save: the item as it is (none when creating) and, from the fields every
   * kind has, the checked title, the body within its length, the picture, the
   * audience and the order; `build` makes the draft with the kind's own fields.
   */
  protected async saveWith(
    id: number | undefined,
    input: CommonSaveInput,
    messages: { titleLabel: string; contentTooLong: string },
    build: (common: Omit<IntroDraft, 'description'>, before: D | undefined) => D,
    staff: AuthStaff,
    ip: string | null,
    system: IntroSystemSave = {},
  ): Promise<number> {
    assertContentAdmin(staff);
    const current = id ? await this.row(id) : undefined;
    const before = current ? this.kind.draftOf(current) : undefined;
    const title = textOf(input.title, 200, messages.titleLabel);
    if (!title) throw badRequest(`请输入${messages.titleLabel}`);
    const content = keep(input.content, before?.content, '');
    if (content.length > CONTENT_MAX) throw badRequest(messages.contentTooLong);
    const draft = build(
      {
        title,
        content: sanitizeRichText(content),
        picFileId:
          input.picFileId === undefined ? (before?.picFileId ?? null) : input.picFileId || null,
        enableType: keep(input.enableType, before?.enableType, 1),
        sort: keep(input.sort, before?.sort, 0),
      },
      before,
    );
    const operType = current ? '修改' : '新增';
    return this.write(current, draft, staff, ip, operType, input.version, system);
  }

  protected async row(id: number): Promise<IntroRow<D>> {
    const row = await orNotFound(
      this.db.selectFrom(this.kind.table).selectAll().where('id', '=', id),
      this.kind.goneMessage,
    );
    return row as unknown as IntroRow<D>;
  }

  private async write(
    current: IntroRow<D> | undefined,
    draft: D,
    staff: AuthStaff,
    ip: string | null,
    operType: string,
    version?: number,
    system: IntroSystemSave = {},
  ) {
    const { kind } = this;
    const type = (draft as Partial<Record<TypeColumn, number>>)[kind.typeColumn];
    if (type === undefined || !kind.types[type]) throw badRequest(kind.typeMessage);
    if (draft.enableType !== 1 && draft.enableType !== 2) {
      throw badRequest('enableType 须为 1（所有人可见）或 2（仅教职工可见）');
    }
    await assertPictures(
      this.db,
      [{ fileId: draft.picFileId, label: kind.pictureLabel, required: false }],
      system.onBehalf
        ? 'system'
        : { access: this.files.access, staff, known: [current?.picFileId] },
    );
    const now = system.at ?? this.now();
    return saveContent(
      this.db,
      { table: kind.table, infoTable: kind.infoTable, softDeleted: false, review: null },
      {
        current: current && {
          id: current.id,
          version: current.version,
          draft: kind.draftOf(current),
          original: { staffId: null, staffName: ORIGINAL_AUTHOR, at: current.createdAt },
        },
        version,
        draft,
        staff,
        ip,
        now,
        operType,
        onBehalf: system.onBehalf,
        // The body's pictures are the item's (T_WWFZ, T_FMSM): read under its audience.
        uses: filesInHtml(draft.content),
        files: this.files,
        check: kind.checkRoom && ((trx) => kind.checkRoom!(trx, draft, current)),
        insert: async (trx, values) => {
          const { id } = await trx
            .insertInto(kind.table)
            .values({ ...values, createdAt: iso(now) })
            .returning('id')
            .executeTakeFirstOrThrow();
          return id;
        },
        update: async (trx, id, values) => {
          await trx.updateTable(kind.table).set(values).where('id', '=', id).execute();
        },
      },
    );
  }
}
