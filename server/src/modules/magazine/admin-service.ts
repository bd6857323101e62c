import { pageOf } from '../../db/paging.js';
import type { Kysely } from 'kysely';
import { containsText } from '../../db/like.js';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';
import { assertContentAdmin } from '../../http/roles.js';
import { displayTime, type Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { fileUrl } from '../../platform/files/service.js';
import type { FileService } from '../../platform/files/service.js';
import { dropContentRevisions } from '../../platform/publishing/revisions.js';
import { concurrentChange, type SystemSave } from '../../platform/publishing/save.js';
import { MAGAZINE_GONE_MESSAGE } from './service.js';
import { inTransaction } from '../../db/transaction.js';
import { tableLog } from '../../platform/oplog/service.js';
import { loadIssue, writeMagazine, type CmsMagazineInput, type MagazineSaveDeps } from './save.js';

/** The operation log's name for magazine issues. */
export const T_MAGAZINE = 'T_MAGAZINE';
export type { CmsMagazineInput };
export { MISSING_FILE_MESSAGE, NOT_IMAGE_MESSAGE, NOT_PDF_MESSAGE } from './save.js';

/**
 * The school magazines in the content-management platform, for
 * administrators (isPower 1): issues of the three series, each a cover
 * picture and a PDF; a disabled issue is kept but not shown on the portal.
 * Every change writes an operation-log row (T_MAGAZINE) in its transaction;
 * a save goes along the one save of issues (save.ts).
 */
export class CmsMagazineService {
  private readonly deps: MagazineSaveDeps;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    files: FileService,
  ) {
    this.deps = { db, files, now };
  }

  /** Every issue of a series (or of all, without one), enabled or not, newest first. */
  async list(filter: { seriesId?: number; keyword?: string }, staff: AuthStaff, paging: Paging) {
    assertContentAdmin(staff);
    const keyword = filter.keyword?.trim();
    const base = this.db
      .selectFrom('magazine')
      .innerJoin('magazineSeries', 'magazineSeries.id', 'magazine.seriesId')
      .leftJoin('storedFile as cover', 'cover.id', 'magazine.coverFileId')
      .leftJoin('storedFile as pdf', 'pdf.id', 'magazine.pdfFileId')
      .$if(filter.seriesId !== undefined, (qb) =>
        qb.where('magazine.seriesId', '=', filter.seriesId!),
      )
      .$if(Boolean(keyword), (qb) => qb.where(containsText('magazine.title', keyword!)));
    return pageOf(
      base,
      paging,
      (query) =>
        query
          .select([
            'magazine.id',
            'magazine.title',
            'magazine.seriesId',
            'magazineSeries.name as seriesName',
            'magazine.coverFileId',
            'cover.thumbFileId',
            'magazine.pdfFileId',
            'pdf.fileName as pdfFileName',
            'magazine.enabled',
            'magazine.createdAt',
            'magazine.version',
          ])
          .orderBy('magazine.createdAt', 'desc')
          .orderBy('magazine.id', 'desc'),
      (row) => ({
        magazineId: row.id,
        magazineTitle: row.title,
        typeId: row.seriesId,
        typeName: row.seriesName,
        coverFileId: row.coverFileId,
        imgUrl: fileUrl(row.coverFileId),
        thumbUrl: fileUrl(row.thumbFileId ?? row.coverFileId),
        pdfFileId: row.pdfFileId,
        pdfFileName: row.pdfFileName ?? '',
        filePath: fileUrl(row.pdfFileId),
        enabled: row.enabled,
        createDate: displayTime(row.createdAt),
        version: row.version,
      }),
    );
  }

  /**
   * Adds (no magazineId) or changes an issue; answers its magazineId. `system`:
   * the seed's, the importer's or a factory's save in an administrator's name.
   */
  save(
    input: CmsMagazineInput,
    staff: AuthStaff,
    ip: string | null,
    system: SystemSave = {},
  ): Promise<number> {
    const operType = input.magazineId === undefined ? '新增' : '修改';
    return writeMagazine(this.deps, input, staff, ip, { ...system, operType });
  }

  /** Shows (1) or hides (0) an issue on the portal. */
  async setEnabled(magazineId: number, enabled: 0 | 1, staff: AuthStaff, ip: string | null) {
    assertContentAdmin(staff);
    const row = await this.issue(magazineId);
    if (row.enabled === enabled) {
      throw badRequest(enabled ? '该刊物已经是启用状态' : '该刊物已经是停用状态');
    }
    await inTransaction(this.db, async (trx) => {
      // A write like a save: a form read before it is out of date.
      const result = await trx
        .updateTable('magazine')
        .set((eb) => ({ enabled, version: eb('version', '+', 1) }))
        .where('id', '=', magazineId)
        .where('enabled', '=', row.enabled)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw concurrentChange();
      await this.log(trx, staff, ip, magazineId, enabled ? '启用' : '停用');
    });
    return { magazineId, enabled };
  }

  /** Deletes an issue; its files stay in storage (another item may show them). */
  async remove(magazineId: number, staff: AuthStaff, ip: string | null) {
    assertContentAdmin(staff);
    await this.issue(magazineId);
    await inTransaction(this.db, async (trx) => {
      const result = await trx
        .deleteFrom('magazine')
        .where('id', '=', magazineId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound(MAGAZINE_GONE_MESSAGE);
      await dropContentRevisions(trx, T_MAGAZINE, magazineId);
      await this.log(trx, staff, ip, magazineId, '删除');
    });
  }

  private issue(magazineId: number) {
    return loadIssue(this.db, magazineId);
  }

  private readonly log = tableLog(T_MAGAZINE, () => this.now());
}
