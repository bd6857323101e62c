import { countRows, onPage } from '../../db/paging.js';
import type { Kysely } from 'kysely';
import { containsText } from '../../db/like.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';
import { assertContentAdmin } from '../../http/roles.js';
import { displayTime, iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { fileUrl } from '../../platform/files/service.js';
import { MAGAZINE_GONE_MESSAGE, MAGAZINE_SERIES, SERIES_MESSAGE } from './service.js';
import { inTransaction } from '../../db/transaction.js';
import { writeOperLog } from '../../platform/oplog/service.js';
import { FileService } from '../../platform/files/service.js';

/** The operation log's name for magazine issues. */
export const T_MAGAZINE = 'T_MAGAZINE';
export const NOT_PDF_MESSAGE = '刊物文件须为 PDF';
export const NOT_IMAGE_MESSAGE = '封面须为图片文件';
export const MISSING_FILE_MESSAGE = '文件不存在，请重新上传';
const CONCURRENT_MESSAGE = '内容刚被他人修改，请刷新后重试';

export interface CmsMagazineInput {
  magazineId?: number;
  seriesId: number;
  title: string;
  /** null: no cover (the pages show their fallback picture). */
  coverFileId: number | null;
  pdfFileId: number;
  enabled?: number;
}

/**
 * The school magazines in the content-management platform, for
 * administrators (isPower 1): issues of the three series, each a cover
 * picture and a PDF; a disabled issue is kept but not shown on the portal.
 * Every change writes an operation-log row (T_MAGAZINE) in its transaction.
 */
export class CmsMagazineService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly files: FileService,
  ) {}

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
    const n = await countRows(base);
    const rows = await base
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
      ])
      .orderBy('magazine.createdAt', 'desc')
      .orderBy('magazine.id', 'desc')
      .$call(onPage(paging))
      .execute();
    return {
      total: Number(n),
      list: rows.map((row) => ({
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
      })),
    };
  }

  /** Adds (no magazineId) or changes an issue; answers its magazineId. */
  async save(input: CmsMagazineInput, staff: AuthStaff, ip: string | null): Promise<number> {
    assertContentAdmin(staff);
    if (!MAGAZINE_SERIES.some((s) => s.id === input.seriesId)) throw badRequest(SERIES_MESSAGE);
    const title = input.title.trim();
    if (!title) throw badRequest('请输入刊物名称');
    if (input.magazineId !== undefined) await this.issue(input.magazineId);
    await this.checkFiles(input.coverFileId, input.pdfFileId);
    const fields = {
      seriesId: input.seriesId,
      title,
      coverFileId: input.coverFileId,
      pdfFileId: input.pdfFileId,
    };
    return inTransaction(this.db, async (trx) => {
      let magazineId: number;
      if (input.magazineId === undefined) {
        magazineId = (
          await trx
            .insertInto('magazine')
            .values({
              ...fields,
              enabled: input.enabled ?? 1,
              createStaff: staff.id,
              createdAt: iso(this.now()),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      } else {
        magazineId = input.magazineId;
        const result = await trx
          .updateTable('magazine')
          .set({ ...fields, ...(input.enabled === undefined ? {} : { enabled: input.enabled }) })
          .where('id', '=', magazineId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw notFound(MAGAZINE_GONE_MESSAGE);
      }
      await this.files.recordUses(trx, staff, 'T_MAGAZINE', magazineId, [
        fields.coverFileId,
        fields.pdfFileId,
      ]);
      await this.log(trx, staff, ip, magazineId, input.magazineId === undefined ? '新增' : '修改');
      return magazineId;
    });
  }

  /** Shows (1) or hides (0) an issue on the portal. */
  async setEnabled(magazineId: number, enabled: 0 | 1, staff: AuthStaff, ip: string | null) {
    assertContentAdmin(staff);
    const row = await this.issue(magazineId);
    if (row.enabled === enabled) {
      throw badRequest(enabled ? '该刊物已经是启用状态' : '该刊物已经是停用状态');
    }
    await inTransaction(this.db, async (trx) => {
      const result = await trx
        .updateTable('magazine')
        .set({ enabled })
        .where('id', '=', magazineId)
        .where('enabled', '=', row.enabled)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new AppError(409, CONCURRENT_MESSAGE);
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
      await this.log(trx, staff, ip, magazineId, '删除');
    });
  }

  private async issue(magazineId: number) {
    const row = await this.db
      .selectFrom('magazine')
      .select(['id', 'enabled'])
      .where('id', '=', magazineId)
      .executeTakeFirst();
    if (!row) throw notFound(MAGAZINE_GONE_MESSAGE);
    return row;
  }

  /** The cover must be a stored picture and the issue a stored PDF. */
  private async checkFiles(coverFileId: number | null, pdfFileId: number) {
    const ids = coverFileId ? [coverFileId, pdfFileId] : [pdfFileId];
    const stored = await this.db
      .selectFrom('storedFile')
      .select(['id', 'mimeType'])
      .where('id', 'in', ids)
      .execute();
    const mimeOf = (id: number) => stored.find((f) => f.id === id)?.mimeType;
    if (ids.some((id) => mimeOf(id) === undefined)) throw badRequest(MISSING_FILE_MESSAGE);
    if (coverFileId && !mimeOf(coverFileId)!.startsWith('image/')) {
      throw badRequest(NOT_IMAGE_MESSAGE);
    }
    if (mimeOf(pdfFileId) !== 'application/pdf') throw badRequest(NOT_PDF_MESSAGE);
  }

  private log(trx: Kysely<Database>, staff: AuthStaff, ip: string | null, id: number, op: string) {
    return writeOperLog(trx, {
      staffId: staff.id,
      staffName: staff.name,
      infoTable: T_MAGAZINE,
      objId: id,
      operType: op,
      ip,
      at: this.now(),
    });
  }
}
