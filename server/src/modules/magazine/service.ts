import { countRows, onPage } from '../../db/paging.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';
import { displayTime, iso, type Clock } from '../../time.js';
import { fileUrl } from '../../platform/files/service.js';
import type { Actor } from '../../platform/auth/session.js';
import { FileService } from '../../platform/files/service.js';

export const MAGAZINE_GONE_MESSAGE = '刊物不存在';
export const SERIES_MESSAGE = '请选择刊物系列（1、2 或 3）';

/**
 * The three series of the school-magazine menu (the pages' newsNum / typeId 1, 2, 3). Their
 * names are data: a new site starts with these plain names, which a school renames to its own
 * titles (the demo school's are in seed/demo-site.ts).
 */
export const MAGAZINE_SERIES: Array<{ id: number; name: string }> = [
  { id: 1, name: '校刊' },
  { id: 2, name: '学生文集' },
  { id: 3, name: '教师文集' },
];

/** Adds the series that are missing; running it again changes nothing. */
export async function seedMagazineSeries(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('magazineSeries')
    .values(MAGAZINE_SERIES)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export interface MagazineInput {
  seriesId: number;
  title: string;
  coverFileId: number | null;
  /** The issue itself, shown in the PDF viewer. */
  pdfFileId: number | null;
  /** 0: kept but not shown. */
  enabled?: number;
  createdAt?: Date;
}

export interface MagazineItem {
  magazineId: number;
  magazineTitle: string;
  typeId: number;
  typeName: string;
  imgUrl: string;
  filePath: string;
  createDate: string;
}

const COLUMNS = [
  'magazine.id',
  'magazine.title',
  'magazine.seriesId',
  'magazineSeries.name as seriesName',
  'magazine.coverFileId',
  'magazine.pdfFileId',
  'magazine.createdAt',
] as const;

type Row = {
  id: number;
  title: string;
  seriesId: number;
  seriesName: string;
  coverFileId: number | null;
  pdfFileId: number | null;
  createdAt: string;
};

const toItem = (row: Row): MagazineItem => ({
  magazineId: row.id,
  magazineTitle: row.title,
  typeId: row.seriesId,
  typeName: row.seriesName,
  imgUrl: fileUrl(row.coverFileId),
  filePath: fileUrl(row.pdfFileId),
  createDate: displayTime(row.createdAt),
});

/** School magazines: issues of three series, each a cover and a PDF. */
export class MagazineService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly files: FileService,
  ) {}

  private enabled() {
    return this.db
      .selectFrom('magazine')
      .innerJoin('magazineSeries', 'magazineSeries.id', 'magazine.seriesId')
      .where('magazine.enabled', '=', 1);
  }

  /** The enabled issues of a series, newest first. */
  async list(seriesId: number, paging: Paging): Promise<{ total: number; list: MagazineItem[] }> {
    const base = this.enabled().where('magazine.seriesId', '=', seriesId);
    const n = await countRows(base);
    const rows = await base
      .select(COLUMNS)
      .orderBy('magazine.createdAt', 'desc')
      .orderBy('magazine.id', 'desc')
      .$call(onPage(paging))
      .execute();
    return { total: Number(n), list: rows.map(toItem) };
  }

  async detail(magazineId: number): Promise<MagazineItem> {
    const row = await this.enabled()
      .select(COLUMNS)
      .where('magazine.id', '=', magazineId)
      .executeTakeFirst();
    if (!row) throw notFound(MAGAZINE_GONE_MESSAGE);
    return toItem(row);
  }

  /** Adds an issue; the content platform and the demo seed use it. */
  async create(input: MagazineInput, actor: Actor | null): Promise<number> {
    const title = input.title.trim();
    if (!title) throw badRequest('请输入刊物名称');
    if (!MAGAZINE_SERIES.some((s) => s.id === input.seriesId)) throw badRequest(SERIES_MESSAGE);
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('magazine')
        .values({
          seriesId: input.seriesId,
          title,
          coverFileId: input.coverFileId,
          pdfFileId: input.pdfFileId,
          enabled: input.enabled ?? 1,
          createStaff: actor?.staff.id ?? null,
          createdAt: iso(input.createdAt ?? this.now()),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.files.recordUses(trx, FileService.writerOf(actor), 'T_MAGAZINE', id, [
        input.coverFileId,
        input.pdfFileId,
      ]);
      return id;
    });
  }
}
