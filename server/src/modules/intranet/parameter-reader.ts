import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isContentAdmin } from '../../http/roles.js';
import type { AuthStaff } from '../../platform/auth/session.js';

/** Site-list parameter codes: staff without isPower see only the entries of type 1. */
const SITE_LIST_CODES = new Set(['XNZD']);

/** System parameters as the pages read them (`api/sysParameter/...`). */
export class ParameterReader {
  constructor(private readonly db: Kysely<Database>) {}

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
