import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isSystemAdmin } from '../../http/roles.js';
import type { TodoPart } from './counts.js';

/** Where the to-do block sends a system administrator: the record of findings (病毒检测记录). */
export const VIRUS_FINDINGS_URL = '/cms/virusFinding';

/**
 * The system administrators' part of the to-do counts: viruses found in uploads and on
 * rescans (platform/files/virus-scan.ts) that nobody has marked handled.
 */
export const virusFindingTodo =
  (db: Kysely<Database>): TodoPart =>
  async (staff) => {
    if (!isSystemAdmin(staff)) return {};
    const row = await db
      .selectFrom('virusFinding')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('handledAt', 'is', null)
      .executeTakeFirstOrThrow();
    return { virusNum: Number(row.n), virusUrl: VIRUS_FINDINGS_URL };
  };
