import type { VirusFinding } from '@school/common/api';
import type { Kysely } from 'kysely';
import { countRows, onPage, type Paging } from '../../db/paging.js';
import type { Database } from '../../db/schema.js';
import type { AuthStaff } from '../../http/auth.js';
import { AppError, orNotFound } from '../../http/errors.js';
import { displayTime, iso, type Clock } from '../../time.js';
import { tableLog } from '../oplog/service.js';

const FINDING_GONE = '检测记录不存在';

/**
 * The record of viruses found (virus-scan.ts writes it): listed for system administrators,
 * newest first, and marked handled once someone has dealt with it (told the uploader,
 * cleaned their computer); the to-do count (todo/virus-findings.ts) counts those not handled.
 */
export class VirusFindings {
  private readonly log;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {
    this.log = tableLog('T_VIRUS_FINDING', now);
  }

  async list(
    state: 0 | 1 | undefined,
    paging: Paging,
  ): Promise<{ total: number; list: VirusFinding[] }> {
    const base = this.db
      .selectFrom('virusFinding')
      .$if(state === 0, (qb) => qb.where('virusFinding.handledAt', 'is', null))
      .$if(state === 1, (qb) => qb.where('virusFinding.handledAt', 'is not', null));
    const [total, rows] = await Promise.all([
      countRows(base),
      base
        .leftJoin('staff as uploader', 'uploader.id', 'virusFinding.uploadedBy')
        .leftJoin('staff as handler', 'handler.id', 'virusFinding.handledBy')
        .select([
          'virusFinding.id',
          'virusFinding.fileName',
          'virusFinding.size',
          'virusFinding.virusName',
          'virusFinding.scanVersion',
          'virusFinding.foundBy',
          'virusFinding.foundAt',
          'virusFinding.handledAt',
          'uploader.name as uploaderName',
          'handler.name as handledByName',
        ])
        .orderBy('virusFinding.id', 'desc')
        .$call(onPage(paging))
        .execute(),
    ]);
    return {
      total,
      list: rows.map((row): VirusFinding => ({
        findingId: row.id,
        fileName: row.fileName,
        fileSize: Number(row.size),
        virusName: row.virusName,
        scanVersion: row.scanVersion,
        foundBy: row.foundBy,
        uploaderName: row.uploaderName,
        foundDate: displayTime(row.foundAt).slice(0, 16),
        handled: row.handledAt !== null,
        handledDate: row.handledAt ? displayTime(row.handledAt).slice(0, 16) : null,
        handledByName: row.handledByName,
      })),
    };
  }

  /** Marks a finding handled by `staff`, with a line in the operation log. */
  async handle(findingId: number, staff: AuthStaff, ip: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const finding = await orNotFound(
        trx.selectFrom('virusFinding').select(['id', 'handledAt']).where('id', '=', findingId),
        FINDING_GONE,
      );
      if (finding.handledAt) throw new AppError(409, '该记录已标记为已处理');
      await trx
        .updateTable('virusFinding')
        .set({ handledAt: iso(this.now()), handledBy: staff.id })
        .where('id', '=', findingId)
        .execute();
      await this.log(trx, staff, ip, findingId, '标记已处理');
    });
  }
}
