import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import type { FileService } from '../../platform/files/service.js';
import { SiteParameters } from '../../platform/catalogue/parameters.js';
import { StaffService } from '../../platform/org/accounts.js';
import type { Clock } from '../../time.js';

/**
 * The first administrator of a new school, made the one way for ADMIN_CODE at start and for
 * the first run's /setup: role 5 (管理员), content administrator (isPower 1) and drive
 * administrator (isAdmin '1'). In the caller's transaction when there is one.
 */
export function createFirstAdministrator(
  db: Kysely<Database>,
  now: Clock,
  input: { code: string; name: string; password: string },
): Promise<number> {
  return new StaffService(db, now).createStaff({
    ...input,
    staffType: 5,
    isPower: 1,
    isAdmin: '1',
  });
}

/**
 * The school's full name (XXMC), short name (XXJC) and, when given, logo (XXBZ), written
 * through the system parameters' own save by the administrator who names it: the row of a
 * code is changed where it exists, added where not.
 */
export async function nameSchool(
  db: Kysely<Database>,
  now: Clock,
  files: FileService,
  by: { actor: AuthStaff; ip: string | null },
  school: { name: string; shortName: string; logoFileId?: number },
): Promise<void> {
  const parameters = new SiteParameters(db, now, files);
  const save = async (code: string, name: string, value: string, picFileId?: number) => {
    const current = await db
      .selectFrom('sysParameter')
      .select('id')
      .where('code', '=', code)
      .orderBy('id')
      .executeTakeFirst();
    await parameters.save({ id: current?.id, code, name, value, picFileId }, by.actor, by.ip);
  };
  await save('XXMC', '学校名称', school.name);
  await save('XXJC', '学校简称', school.shortName);
  if (school.logoFileId) await save('XXBZ', '学校标志', '', school.logoFileId);
}
