import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ApplyImportResult, ImportPlan } from '@school/common/api';
import type { Database } from '../../db/schema.js';
import { AppError, notFound, orNotFound } from '../../http/errors.js';
import { assertSiteAdmin } from '../../http/roles.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { iso, type Clock } from '../../time.js';
import { applyImport, type InitialPassword } from './staff-import-apply.js';
import { planImport, type Plan } from './staff-import-plan.js';
import { conflict } from './staff-queries.js';
import { readStaffSheet, type SheetRow } from './staff-sheet.js';
import { passwordsWorkbook } from './staff-workbooks.js';

/** How long a dry run waits for its 确认导入, and the passwords for their download. */
const KEPT_MINUTES = 60;

export const IMPORT_GONE_MESSAGE = '预检结果不存在或已过期，请重新上传人员表';
export const IMPORT_APPLIED_MESSAGE = '该人员表已导入，请勿重复提交';
export const PASSWORDS_GONE_MESSAGE = '初始密码已下载过或已过期，不能再次下载';
export const PASSWORDS_LINK_MESSAGE = '下载链接无效';

/** The plan as the API answers it (the rows' planned changes stay on the server). */
export function planView(plan: Plan, importId: number, fileName: string): ImportPlan {
  return {
    importId,
    fileName,
    counts: plan.counts,
    rows: plan.rows.map(({ change: _change, ...row }) => row),
    newDepartments: plan.newDepartments,
    missing: plan.missing,
  };
}

/**
 * The initial passwords are kept only encrypted (AES-256-GCM) with a key the administrator
 * is given once; the database alone cannot read them, and the download clears them.
 */
function seal(created: InitialPassword[]): { sealed: string; key: string } {
  const key = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(created), 'utf8'), cipher.final()]);
  const sealed = [iv, cipher.getAuthTag(), body]
    .map((part) => part.toString('base64url'))
    .join('.');
  return { sealed, key: key.toString('base64url') };
}

function unseal(sealed: string, key: string): InitialPassword[] | undefined {
  try {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key, 'base64url'), iv!);
    decipher.setAuthTag(tag!);
    const text = Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
    return JSON.parse(text) as InitialPassword[];
  } catch {
    return undefined;
  }
}

/**
 * 人员导入 for the administrator role: a dry run of an uploaded sheet (kept server-side for
 * its uploader), its apply in one transaction, and the one download of the new accounts'
 * initial passwords.
 */
export class StaffImportService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  async preview(staff: AuthStaff, fileName: string, bytes: Buffer): Promise<ImportPlan> {
    assertSiteAdmin(staff);
    const sheet = await readStaffSheet(bytes);
    const plan = await planImport(this.db, sheet, staff.id);
    const now = this.now();
    await this.db.deleteFrom('staffImport').where('expiresAt', '<', iso(now)).execute();
    const { id } = await this.db
      .insertInto('staffImport')
      .values({
        staffId: staff.id,
        fileName: fileName.slice(0, 255),
        sheet: JSON.stringify(sheet),
        createdAt: iso(now),
        expiresAt: iso(new Date(now.getTime() + KEPT_MINUTES * 60_000)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return planView(plan, id, fileName);
  }

  async apply(
    staff: AuthStaff,
    importId: number,
    skipErrors: boolean,
    ip: string | null,
  ): Promise<ApplyImportResult> {
    assertSiteAdmin(staff);
    const record = await this.record(staff, importId);
    if (record.appliedAt) throw conflict(IMPORT_APPLIED_MESSAGE);
    const sheet = JSON.parse(record.sheet) as SheetRow[];
    let key = '';
    const result = await applyImport(this.db, sheet, {
      actor: { id: staff.id, name: staff.name, schoolId: staff.schoolId, ip },
      skipErrors,
      now: this.now(),
      within: async (trx, applied) => {
        const sealed = applied.created.length ? seal(applied.created) : undefined;
        key = sealed?.key ?? '';
        // Claimed in the apply's transaction: of two 确认导入 at once, one applies.
        const claimed = await trx
          .updateTable('staffImport')
          .set({
            appliedAt: iso(this.now()),
            passwords: sealed?.sealed ?? null,
            expiresAt: iso(new Date(this.now().getTime() + KEPT_MINUTES * 60_000)),
          })
          .where('id', '=', record.id)
          .where('appliedAt', 'is', null)
          .executeTakeFirst();
        if (!Number(claimed.numUpdatedRows)) throw conflict(IMPORT_APPLIED_MESSAGE);
      },
    });
    return {
      created: result.created.length,
      updated: result.updated,
      same: result.same,
      skipped: result.skipped,
      departmentsCreated: result.departmentsCreated,
      downloadToken: key,
      missing: result.missing,
    };
  }

  /** The passwords sheet, once: the download clears the sealed passwords. */
  async passwords(staff: AuthStaff, importId: number, downloadToken: string): Promise<Buffer> {
    assertSiteAdmin(staff);
    const record = await orNotFound(
      this.db
        .selectFrom('staffImport')
        .select(['id', 'passwords', 'expiresAt'])
        .where('id', '=', importId)
        .where('staffId', '=', staff.id),
      PASSWORDS_LINK_MESSAGE,
    );
    if (!record.passwords || record.expiresAt < iso(this.now())) {
      throw new AppError(410, PASSWORDS_GONE_MESSAGE);
    }
    const created = unseal(record.passwords, downloadToken);
    if (!created) throw notFound(PASSWORDS_LINK_MESSAGE);
    const cleared = await this.db
      .updateTable('staffImport')
      .set({ passwords: null })
      .where('id', '=', record.id)
      .where('passwords', 'is not', null)
      .executeTakeFirst();
    if (!Number(cleared.numUpdatedRows)) throw new AppError(410, PASSWORDS_GONE_MESSAGE);
    return passwordsWorkbook(created);
  }

  private async record(staff: AuthStaff, importId: number) {
    const record = await this.db
      .selectFrom('staffImport')
      .selectAll()
      .where('id', '=', importId)
      .where('staffId', '=', staff.id)
      .executeTakeFirst();
    if (!record || record.expiresAt < iso(this.now())) throw notFound(IMPORT_GONE_MESSAGE);
    return record;
  }
}
