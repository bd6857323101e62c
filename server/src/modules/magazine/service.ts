import { pageOf } from '../../db/paging.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { orNotFound } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';
import { displayTime } from '../../time.js';
import { fileUrl } from '../../platform/files/service.js';

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

/**
 * School magazines as the portal reads them: issues of three series, each a
 * cover and a PDF. Issues are created and changed only by the one save (save.ts).
 */
export class MagazineService {
  constructor(private readonly db: Kysely<Database>) {}

  private enabled() {
    return this.db
      .selectFrom('magazine')
      .innerJoin('magazineSeries', 'magazineSeries.id', 'magazine.seriesId')
      .where('magazine.enabled', '=', 1);
  }

  /** The enabled issues of a series, newest first. */
  async list(seriesId: number, paging: Paging): Promise<{ total: number; list: MagazineItem[] }> {
    const base = this.enabled().where('magazine.seriesId', '=', seriesId);
    return pageOf(
      base,
      paging,
      (query) =>
        query.select(COLUMNS).orderBy('magazine.createdAt', 'desc').orderBy('magazine.id', 'desc'),
      toItem,
    );
  }

  async detail(magazineId: number): Promise<MagazineItem> {
    const row = await orNotFound(
      this.enabled().select(COLUMNS).where('magazine.id', '=', magazineId),
      MAGAZINE_GONE_MESSAGE,
    );
    return toItem(row);
  }
}
