import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import { isContentAdmin } from '../../http/roles.js';
import type { AuthStaff } from '../../platform/auth/session.js';

/** Site-list parameter codes: staff without isPower see only the entries of type 1. */
const SITE_LIST_CODES = new Set(['XNZD']);

/** System parameters as the pages read them (`api/sysParameter/...`). */
export class ParameterReader {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether the caller may open school site `parameterId` (intranet.md §6): refused with 403. */
  async assertSiteOpen(parameterId: number, staff: AuthStaff) {
    const row = await this.db
      .selectFrom('sysParameter')
      .select(['code', 'type'])
      .where('id', '=', parameterId)
      .executeTakeFirst();
    if (!row || !SITE_LIST_CODES.has(row.code)) throw notFound('该站点不存在');
    if (row.type !== '1' && !isContentAdmin(staff)) throw forbidden('您没有访问该系统的权限');
  }

  /** The rows of `codes`, in code and list order; XNZD sites of other types only for isPower 1. */
  read(codes: string[], staff: AuthStaff | null | undefined) {
    const isPower = isContentAdmin(staff);
    return this.db
      .selectFrom('sysParameter')
      .select([
        'id as parameterId',
        'code as parameteCode',
        'value as parameteValue',
        'name as parameterName',
        'type as parameterType',
        'pic',
      ])
      .where('code', 'in', codes)
      .orderBy('code')
      .orderBy('sort')
      .orderBy('id')
      .execute()
      .then((rows) =>
        rows.filter(
          (row) => isPower || !SITE_LIST_CODES.has(row.parameteCode) || row.parameterType === '1',
        ),
      );
  }
}
