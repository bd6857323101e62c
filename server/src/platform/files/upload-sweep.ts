import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { iso, type Clock } from '../../time.js';
import type { FileService } from './service.js';
import type { FileOwnerTable } from './uses.js';

/** A condition on one hold (a file_use row: fileId, objId the uploader). */
export type HoldCondition = (eb: ExpressionBuilder<Database, 'fileUse'>) => Expression<SqlBool>;

/**
 * One kind of upload hold: the file-use rows (`table`, objId the uploader)
 * that keep an upload its uploader's until the area takes it up (the drive
 * registers it, a mail is sent with it). `taken` says the area has taken it
 * up: such a hold stays, however old.
 */
export interface UploadHolds {
  table: FileOwnerTable;
  taken: HoldCondition;
}

/** Holds looked at in one statement. */
const BATCH = 500;

/**
 * Uploads nobody took up (issue 16): a drive upload never registered, a mail
 * attachment never sent. Each upload is held for its uploader by a file-use
 * row (T_DRIVE_UPLOAD, T_MAIL_UPLOAD) that knows when it began
 * (`file_use.created_at`, migration 0018). At each sweep (at start and
 * hourly, beside the tus sweep) a hold older than `maxAgeMs` goes unless its
 * area took the upload up or a keeper keeps it (a mail draft of the uploader
 * holds the file); then the file itself goes, its row and its bytes, when
 * nothing else refers to it (any other file-use row, any column that points
 * at stored files, a picture's thumbnail). A hold written without its time
 * (before migration 0018, or by a writer that does not set it) gets it at the
 * first sweep, so it too waits a full day.
 */
export class UploadSweep {
  private readonly kinds: UploadHolds[] = [];
  private readonly keepers: HoldCondition[] = [];
  private readonly chores: Array<(now: Date) => Promise<void>> = [];
  /** Columns with a foreign key to stored_file, read from the database once. */
  private references?: Promise<Array<{ table: string; column: string }>>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly files: FileService,
    private readonly now: Clock,
    /** How long an upload nobody took up is kept (config.pendingUploadHours). */
    readonly maxAgeMs: number,
  ) {}

  /** An area's kind of upload hold (the services add theirs as they are built). */
  addHolds(kind: UploadHolds): void {
    this.kinds.push(kind);
  }

  /** A condition that keeps any hold, of whatever kind (a draft holding the file). */
  addKeeper(keeps: HoldCondition): void {
    this.keepers.push(keeps);
  }

  /** More to tidy at each sweep (the drive: records of resumable uploads long expired). */
  addChore(chore: (now: Date) => Promise<void>): void {
    this.chores.push(chore);
  }

  /**
   * Marks a hold as begun now: a new upload, or the same bytes uploaded again
   * (whose hold already existed and would otherwise keep its old time).
   */
  async touch(table: FileOwnerTable, fileId: number, objId: number): Promise<void> {
    await this.db
      .updateTable('fileUse')
      .set({ createdAt: iso(this.now()) })
      .where('infoTable', '=', table)
      .where('objId', '=', objId)
      .where('fileId', '=', fileId)
      .execute();
  }

  /** One sweep: answers how many holds and files went. */
  async run(): Promise<{ holds: number; files: number }> {
    const now = this.now();
    const tables = this.kinds.map((kind) => kind.table);
    let holds = 0;
    let files = 0;
    if (tables.length) {
      await this.db
        .updateTable('fileUse')
        .set({ createdAt: iso(now) })
        .where('infoTable', 'in', tables)
        .where('createdAt', 'is', null)
        .execute();
    }
    const before = iso(new Date(now.getTime() - this.maxAgeMs));
    for (const kind of this.kinds) {
      const expired = (eb: ExpressionBuilder<Database, 'fileUse'>) =>
        eb.and([
          eb('fileUse.infoTable', '=', kind.table),
          eb('fileUse.createdAt', '<', before),
          eb.not(eb.or([kind.taken(eb), ...this.keepers.map((keeps) => keeps(eb))])),
        ]);
      for (;;) {
        const batch = await this.db
          .selectFrom('fileUse')
          .select(['fileUse.fileId', 'fileUse.objId'])
          .where(expired)
          .limit(BATCH)
          .execute();
        if (batch.length === 0) break;
        // Asked again as it deletes: a hold taken up meanwhile stays.
        const gone = await this.db
          .deleteFrom('fileUse')
          .where(expired)
          .where(
            'fileUse.fileId',
            'in',
            batch.map((row) => row.fileId),
          )
          .returning('fileUse.fileId')
          .execute();
        holds += gone.length;
        for (const fileId of new Set(gone.map((row) => row.fileId))) {
          files += await this.removeUnreferenced(fileId);
        }
        if (batch.length < BATCH) break;
      }
    }
    for (const chore of this.chores) await chore(now);
    return { holds, files };
  }

  /** Deletes a file (and then its thumbnail) that nothing refers to; answers how many went. */
  private async removeUnreferenced(fileId: number): Promise<number> {
    const file = await this.files.find(fileId);
    if (!file) return 0;
    // Read before the transaction: SQLite has one connection, which the transaction holds.
    const references = await (this.references ??= this.foreignKeys());
    const referenced = (id: number, db: Kysely<Database>) => this.isReferenced(id, db, references);
    if (!(await this.files.removeIfUnused(fileId, referenced))) {
      return 0;
    }
    const thumb = file.thumbFileId;
    return thumb && thumb !== fileId ? 1 + (await this.removeUnreferenced(thumb)) : 1;
  }

  /**
   * Whether anything refers to a stored file: a file-use row, a column with a
   * foreign key to stored_file (attachments, covers, photos, drive resources,
   * leave requests …, found in the schema so a new one is never missed), or
   * another file whose thumbnail it is.
   */
  private async isReferenced(
    fileId: number,
    db: Kysely<Database>,
    references: Array<{ table: string; column: string }>,
  ): Promise<boolean> {
    const checks = [
      ...references.map(
        ({ table, column }) =>
          sql<boolean>`exists (select 1 from ${sql.table(table)} where ${sql.ref(column)} = ${fileId})`,
      ),
      sql<boolean>`exists (select 1 from stored_file where thumb_file_id = ${fileId})`,
    ];
    const { rows } = await sql<{
      used: unknown;
    }>`select (${sql.join(checks, sql` or `)}) as used`.execute(db);
    // SQLite answers 0/1, PostgreSQL booleans.
    return Boolean(Number(rows[0]!.used));
  }

  /** Every column that points at stored_file.id, as the database declares them. */
  private async foreignKeys(): Promise<Array<{ table: string; column: string }>> {
    const { rows } =
      this.dialect === 'postgres'
        ? await sql<{ table: string; column: string }>`
            select c.conrelid::regclass::text as "table", a.attname as "column"
            from pg_constraint c
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
            where c.contype = 'f' and c.confrelid = 'stored_file'::regclass`.execute(this.db)
        : await sql<{ table: string; column: string }>`
            select m.name as "table", f."from" as "column"
            from sqlite_master m, pragma_foreign_key_list(m.name) f
            where m.type = 'table' and f."table" = 'stored_file'`.execute(this.db);
    if (!rows.some((row) => row.table === 'file_use')) {
      throw new Error('upload sweep: the foreign keys to stored_file were not found');
    }
    return rows;
  }
}
