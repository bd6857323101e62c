import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isStrongPassword } from '@school/common';
import type { MissingStaff } from '@school/common/api';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest } from '../../http/errors.js';
import { isAdministratorRole } from '../../http/roles.js';
import { INITIAL_PASSWORD_LOG_N, hashPassword } from '../../platform/auth/password.js';
import { allDepartments, lockDepartments } from '../../platform/org/department-tree.js';
import { iso } from '../../time.js';
import { departmentPaths, planImport, type RowChange } from './staff-import-plan.js';
import type { SheetRow } from './staff-sheet.js';
import { LAST_ADMIN_MESSAGE } from './staff-queries.js';
import { conflict } from './staff-queries.js';

/** A new account's initial password, for the one download (never stored in clear). */
export interface InitialPassword {
  code: string;
  name: string;
  password: string;
}

export interface AppliedImport {
  created: InitialPassword[];
  updated: number;
  same: number;
  skipped: number;
  departmentsCreated: number;
  missing: MissingStaff[];
}

/** Who applies: the administrator (their log rows and school), or the command line (none). */
export interface ImportActor {
  id: number;
  name: string;
  schoolId: number;
  ip: string | null;
}

export const ERRORS_BLOCK_MESSAGE = (n: number) =>
  `有${n}行存在错误，请修正后重新上传，或勾选“跳过错误行”`;

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const ALPHABET = UPPER + LOWER + DIGITS;

/**
 * A readable initial password: four groups of three from letters and digits that cannot be
 * mistaken for one another (no 0/O, 1/l/I), joined by '-': about 70 bits, and it meets the
 * strength rule.
 */
export function initialPassword(): string {
  for (;;) {
    const groups = Array.from({ length: 4 }, () =>
      Array.from({ length: 3 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
    );
    const password = groups.join('-');
    if (isStrongPassword(password) && /[A-Z]/.test(password) && /[a-z]/.test(password)) {
      return password;
    }
  }
}

/** Hashes the passwords of the accounts a plan creates; scrypt runs on libuv's thread pool. */
async function hashAll(codes: string[]): Promise<Map<string, { password: string; hash: string }>> {
  const entries = await Promise.all(
    codes.map(async (code) => {
      const password = initialPassword();
      return [
        code,
        { password, hash: await hashPassword(password, INITIAL_PASSWORD_LOG_N) },
      ] as const;
    }),
  );
  return new Map(entries);
}

const CHUNK = 200;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) =>
    items.slice(i * CHUNK, (i + 1) * CHUNK),
  );

/**
 * Applies a sheet in one transaction: departments along the paths, new accounts (flagged to
 * change their generated password at first login), updates by 账号; nothing is deleted. The
 * plan is made again inside the transaction, so what is applied is the database's state now,
 * not the dry run's. Rows with problems block it unless `skipErrors`.
 */
export async function applyImport(
  db: Kysely<Database>,
  sheet: SheetRow[],
  options: {
    actor?: ImportActor;
    skipErrors: boolean;
    now: Date;
    /** Runs last in the apply's transaction (the caller's own rows). */
    within?: (trx: Kysely<Database>, applied: AppliedImport) => Promise<void>;
  },
): Promise<AppliedImport> {
  const draft = await planImport(db, sheet, options.actor?.id);
  const creates = (plan: typeof draft) =>
    plan.rows.filter((row) => row.outcome === 'create').map((row) => row.change!.code);
  const hashes = await hashAll(creates(draft));
  const now = iso(options.now);
  return inTransaction(db, async (trx) => {
    await lockDepartments(trx);
    const plan = await planImport(trx, sheet, options.actor?.id);
    if (plan.counts.error && !options.skipErrors)
      throw badRequest(ERRORS_BLOCK_MESSAGE(plan.counts.error));
    const late = creates(plan).filter((code) => !hashes.has(code));
    for (const [code, entry] of await hashAll(late)) hashes.set(code, entry);

    const paths = departmentPaths(await allDepartments(trx));
    for (const path of plan.newDepartments) {
      const cut = path.lastIndexOf('/');
      const parentId = cut < 0 ? null : paths.get(path.slice(0, cut))!;
      const { id } = await trx
        .insertInto('department')
        .values({ name: path.slice(cut + 1), parentId, sort: 0, createdAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      paths.set(path, id);
    }

    const changes = plan.rows.flatMap((row) => (row.change ? [row.change] : []));
    const fresh = plan.rows.filter((row) => row.outcome === 'create').map((row) => row.change!);
    const ids = new Map<string, number>();
    for (const part of chunks(fresh)) {
      const inserted = await trx
        .insertInto('staff')
        .values(
          part.map((change) => ({
            ...fields(change),
            code: change.code,
            isPower: isAdministratorRole(change.staffType) ? 1 : 0,
            isAdmin: '0',
            schoolId: options.actor?.schoolId ?? 1,
            passwordHash: hashes.get(change.code)!.hash,
            whetherpass: 0,
            mustChangePassword: 1,
            status: 1,
            sort: 0,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning(['id', 'code'])
        .execute();
      for (const row of inserted) ids.set(row.code, row.id);
    }
    const updates = plan.rows.filter((row) => row.outcome === 'update').map((row) => row.change!);
    for (const change of updates) {
      await trx
        .updateTable('staff')
        .set({ ...fields(change), updatedAt: now })
        .where('id', '=', change.staffId!)
        .execute();
      ids.set(change.code, change.staffId!);
    }
    await setPrimaryDepartments(trx, changes, ids, paths);
    await assertAnAdministrator(trx);
    if (options.actor) await logChanges(trx, options.actor, fresh, updates, ids, now);
    const applied: AppliedImport = {
      created: fresh.map(({ code, name }) => ({
        code,
        name,
        password: hashes.get(code)!.password,
      })),
      updated: updates.length,
      same: plan.counts.same,
      skipped: plan.counts.error,
      departmentsCreated: plan.newDepartments.length,
      missing: plan.missing,
    };
    await options.within?.(trx, applied);
    return applied;
  });
}

/** The columns a row sets; an empty cell keeps the stored value. */
function fields(change: RowChange) {
  return {
    name: change.name,
    staffType: change.staffType,
    ...(change.position !== undefined ? { position: change.position } : {}),
    ...(change.phone !== undefined ? { phone: change.phone } : {}),
    ...(change.email !== undefined ? { email: change.email } : {}),
    ...(change.subject !== undefined ? { subject: change.subject } : {}),
  };
}

/** The sheet's 部门 becomes the account's main department; its other departments stay. */
async function setPrimaryDepartments(
  trx: Kysely<Database>,
  changes: RowChange[],
  ids: Map<string, number>,
  paths: Map<string, number>,
) {
  const moves = changes.flatMap((change) => {
    const staffId = ids.get(change.code);
    const deptId = change.departmentPath ? paths.get(change.departmentPath) : undefined;
    return staffId !== undefined && deptId !== undefined
      ? [{ staffId, deptId, existing: change.staffId !== undefined }]
      : [];
  });
  for (const part of chunks(moves)) {
    const existing = part.filter((move) => move.existing);
    if (existing.length) {
      await trx
        .deleteFrom('staffDepartment')
        .where(
          'staffId',
          'in',
          existing.map((move) => move.staffId),
        )
        .where('isPrimary', '=', 1)
        .execute();
    }
    for (const { staffId, deptId } of existing) {
      await trx
        .deleteFrom('staffDepartment')
        .where('staffId', '=', staffId)
        .where('deptId', '=', deptId)
        .execute();
    }
    await trx
      .insertInto('staffDepartment')
      .values(part.map(({ staffId, deptId }) => ({ staffId, deptId, isPrimary: 1 })))
      .execute();
  }
}

/** A sheet may change 身份 of others: an enabled administrator must remain. */
async function assertAnAdministrator(trx: Kysely<Database>) {
  const admin = await trx
    .selectFrom('staff')
    .select('id')
    .where('staffType', '=', 5)
    .where('status', '=', 1)
    .limit(1)
    .executeTakeFirst();
  if (!admin) throw conflict(LAST_ADMIN_MESSAGE);
}

/** One operation-log row per account created or changed (T_STAFF, as the CMS's edits). */
async function logChanges(
  trx: Kysely<Database>,
  actor: ImportActor,
  fresh: RowChange[],
  updates: RowChange[],
  ids: Map<string, number>,
  now: string,
) {
  const rows = [
    ...fresh.map((change) => ({ change, operType: '导入新增' })),
    ...updates.map((change) => ({ change, operType: '导入修改' })),
  ].map(({ change, operType }) => ({
    staffId: actor.id,
    staffName: actor.name,
    infoTable: 'T_STAFF',
    objId: ids.get(change.code)!,
    operType,
    note: null,
    ip: actor.ip,
    createdAt: now,
  }));
  for (const part of chunks(rows)) await trx.insertInto('operLog').values(part).execute();
}
