import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isContentAdmin } from '../../http/roles.js';
import type { AuthStaff } from '../auth/session.js';
import type { FileGuard, FileUseRecord } from './guards.js';
import type { FileOwnerTable } from './uses.js';

/** What the guards of the site's own content answer to staff they do not let in. */
export const ITEM_FILE_REFUSAL = '无权查看该文件';

/** The ids of the items of one kind among a file's uses. */
export const idsOf = (uses: FileUseRecord[], table: FileOwnerTable) =>
  uses.filter((use) => use.infoTable === table).map((use) => use.objId);

/**
 * A guard over one kind of item whose rule is "the reader may read this
 * item": `readable` answers for the items of the file's uses (at least one).
 */
export function itemGuard(
  table: FileOwnerTable,
  readable: (reader: AuthStaff, ids: number[], db: Kysely<Database>) => Promise<boolean>,
  refusal = ITEM_FILE_REFUSAL,
): FileGuard {
  return {
    tables: [table],
    refusal,
    allows: async (reader, uses, _fileId, db) => {
      const ids = idsOf(uses, table);
      return ids.length > 0 && readable(reader, ids, db);
    },
  };
}

/** A guard over items whose files anyone who may reach the file may read while the item is there. */
export function presentItemGuard(
  table: FileOwnerTable,
  rows: 'introPage' | 'person' | 'workbenchItem',
): FileGuard {
  return itemGuard(table, async (_reader, ids, db) =>
    Boolean(await db.selectFrom(rows).select('id').where('id', 'in', ids).executeTakeFirst()),
  );
}

/** A guard over items with a shown flag: a shown item's files are public, a hidden one's its editors'. */
export function shownItemGuard(table: FileOwnerTable, rows: 'banner' | 'society'): FileGuard {
  return itemGuard(table, async (reader, ids, db) => {
    const found = await db.selectFrom(rows).select('enabled').where('id', 'in', ids).execute();
    return found.some((row) => row.enabled === 1 || isContentAdmin(reader));
  });
}
