import { type Kysely } from 'kysely';
import { withParameters } from '../../db/compiled.js';
import type { Database } from '../../db/schema.js';
import type { FileUses, PublicFileQuery } from './guards.js';

/** A stored file's address, as pages and parameters name it. */
const fileUrl = (id: number) => `/api/files/${id}`;

/** Stand-ins for the file id, its address and the time in the compiled public query. */
const FILE_ID_SLOT = -987654321;
const URL_SLOT = '\u0000url';
const NOW_SLOT = '\u0000now';

/**
 * Whether an item the public can read uses a file: the areas' public conditions (FileUses)
 * or-ed into one query of index lookups that stops at the first public item. Pictures are
 * the most read addresses of the site, so the query is built and compiled once (building
 * it costs far more than running it), with stand-ins, and run with each file and time.
 */
export class PublicUses {
  private compiled?: ReturnType<typeof compile>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly rules: readonly FileUses[],
  ) {}

  /** Asked through `db` (a transaction when a save checks its writer). */
  async isPublic(id: number, now: string, db: Kysely<Database>): Promise<boolean> {
    this.compiled ??= compile(this.db, this.rules);
    const { query, slots } = this.compiled;
    const parameters = [...query.parameters];
    const values = { fileId: id, url: fileUrl(id), now };
    for (const [name, at] of slots) for (const i of at) parameters[i] = values[name];
    const { rows } = await db.executeQuery<{ open: unknown }>(withParameters(query, parameters));
    // SQLite answers 0/1, PostgreSQL booleans.
    return Boolean(Number(rows[0]!.open));
  }
}

type Slot = 'fileId' | 'url' | 'now';

function compile(db: Kysely<Database>, rules: readonly FileUses[]) {
  const read = new Set<Slot>();
  const query = db
    .selectNoFrom((eb) => {
      const file: PublicFileQuery = {
        eb,
        get fileId() {
          read.add('fileId');
          return FILE_ID_SLOT;
        },
        get url() {
          read.add('url');
          return URL_SLOT;
        },
        get now() {
          read.add('now');
          return NOW_SLOT;
        },
        uses: (infoTable) =>
          eb
            .selectFrom('fileUse')
            .where('fileUse.fileId', '=', file.fileId)
            .where('fileUse.infoTable', '=', infoTable),
      };
      return [eb.or(rules.flatMap((rule) => rule.public?.(file) ?? [])).as('open')];
    })
    .compile();
  const stands: Record<Slot, unknown> = { fileId: FILE_ID_SLOT, url: URL_SLOT, now: NOW_SLOT };
  const slots = [...read].map((name) => {
    const at = query.parameters.flatMap((parameter, i) => (parameter === stands[name] ? [i] : []));
    // A stand-in a condition read must be among the parameters, or the query asks of none.
    if (!at.length) throw new Error('isPublic: stand-ins lost');
    return [name, at] as const;
  });
  return { query, slots };
}
