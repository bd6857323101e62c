import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Tables whose writes can never change a public page: sessions and limits, logs, the
 * engagement records, the staff-only areas (mail, drive, leave, contacts, linked systems), the
 * job queue and previews, saved revisions, the sensitive-word list and its allowed phrases
 * (read when saving, not when showing). Every other table counts as content, so a table added
 * later invalidates the page cache until it is listed here: forgetting costs hit rate, never
 * freshness.
 */
const NOT_CONTENT = [
  /^session$/,
  /^login_throttle$/,
  /^api_rate_limit$/,
  /^oper_log$/,
  /^view_visit$/,
  /^flower$/,
  /^footprint$/,
  /^handoff_ticket$/,
  /^linked_request$/,
  /^leave_/,
  /^mail/,
  /^contact/,
  /^drive_/,
  /^text_(fts|terms)_(mail|drive)/,
  /^job$/,
  /^file_preview$/,
  /^content_revision$/,
  /^news_revision$/,
  /^sensitive_word$/,
  /^allowed_phrase$/,
  /^site_version$/,
  /^kysely_migration/,
];

/** Columns of content tables that only count (views, flowers): raising them changes no content. */
const COUNTERS = new Set(['view_count', 'flower_count']);

interface Node {
  kind?: string;
  [field: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).kind === 'string';

/** The names of the tables a subtree of a query names (TableNode, aliased or not). */
function tablesIn(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) tablesIn(item, into);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const node = value as Node;
  if (node.kind === 'TableNode') {
    const name = (node.table as { identifier?: { name?: string } } | undefined)?.identifier?.name;
    if (name) into.add(name.toLowerCase());
    return;
  }
  for (const field of Object.values(node)) tablesIn(field, into);
}

/**
 * The tables a built statement writes, read from its syntax tree (Kysely's nodes): every
 * insert, update, delete and merge in it, common table expressions included; the tables it
 * only reads (joins, `from`, `using`, subqueries) are left out.
 */
function writtenTables(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) writtenTables(item, into);
    return;
  }
  if (!isNode(value)) return;
  switch (value.kind) {
    case 'InsertQueryNode':
    case 'MergeQueryNode':
      tablesIn(value.into, into);
      break;
    case 'UpdateQueryNode':
      if (!onlyCounters(value)) tablesIn(value.table, into);
      break;
    case 'DeleteQueryNode':
      tablesIn(value.from, into);
      break;
  }
  for (const field of Object.values(value)) writtenTables(field, into);
}

/**
 * Whether a statement that ran wrote a table that feeds public pages. A built statement
 * says which tables it writes (its syntax tree). A raw one (`sql` text) says only whether
 * it changed rows: then the tables it names through `sql.table` are the ones it writes, and
 * one that names none counts as content, so a raw write is never missed.
 */
export function writesContent(query: CompiledQuery, result: QueryResult<unknown>): boolean {
  const root = query.query as unknown as Node;
  const tables = new Set<string>();
  if (root.kind === 'RawNode') {
    if (!(result.numAffectedRows !== undefined && result.numAffectedRows > BigInt(0))) return false;
    tablesIn(root, tables);
    if (tables.size === 0) return true;
  } else {
    if (result.numAffectedRows === BigInt(0)) return false;
    writtenTables(root, tables);
  }
  for (const table of tables) {
    if (!NOT_CONTENT.some((pattern) => pattern.test(table))) return true;
  }
  return false;
}

function onlyCounters(node: Node): boolean {
  const columns = ((node.updates as Node[] | undefined) ?? []).map((update) => {
    const column = update.column as { kind: string; column?: { name?: string } };
    return column.kind === 'ColumnNode' ? column.column?.name : undefined;
  });
  return columns.length > 0 && columns.every((name) => name !== undefined && COUNTERS.has(name));
}

const BUMP = CompiledQuery.raw(
  'update site_version set version = version + 1 where id = 1 returning version',
);

/**
 * Hears the site's content writes. Until `arm()` (after the migrations made site_version)
 * nothing is counted; then every committed content write raises the version row in its own
 * transaction, and the listeners hear the new number once it is committed.
 */
export class SiteWrites {
  private armed = false;
  private readonly listeners = new Set<(version: number) => void>();

  arm(): void {
    this.armed = true;
  }

  get isArmed(): boolean {
    return this.armed;
  }

  onVersion(listener: (version: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Raises the version on `connection` (inside its transaction when there is one). */
  async bump(connection: DatabaseConnection): Promise<number> {
    const result = await connection.executeQuery<{ version: number }>(BUMP);
    return Number(result.rows[0]?.version ?? 0);
  }

  announce(version: number): void {
    for (const listener of this.listeners) listener(version);
  }
}

class WatchedConnection implements DatabaseConnection {
  /** A content write was made inside the open transaction. */
  dirty = false;
  inTransaction = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly writes: SiteWrites,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    if (!this.writes.isArmed || !writesContent(query, result)) return result;
    if (this.inTransaction) this.dirty = true;
    else this.writes.announce(await this.writes.bump(this.inner));
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class WatchedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly writes: SiteWrites,
    private readonly immediate: boolean,
  ) {
    const { savepoint, rollbackToSavepoint, releaseSavepoint } = inner;
    const unwrap = (c: DatabaseConnection) => (c as WatchedConnection).inner;
    if (savepoint)
      this.savepoint = (c, name, compile) => savepoint.call(inner, unwrap(c), name, compile);
    if (rollbackToSavepoint)
      this.rollbackToSavepoint = (c, name, compile) =>
        rollbackToSavepoint.call(inner, unwrap(c), name, compile);
    if (releaseSavepoint)
      this.releaseSavepoint = (c, name, compile) =>
        releaseSavepoint.call(inner, unwrap(c), name, compile);
  }

  init = () => this.inner.init();
  destroy = () => this.inner.destroy();

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WatchedConnection(await this.inner.acquireConnection(), this.writes);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const watched = connection as WatchedConnection;
    // SQLite: take the write lock at the start, so a transaction that read first waits for
    // another process's writer (busy_timeout) instead of failing at its first write.
    if (this.immediate) await watched.inner.executeQuery(CompiledQuery.raw('begin immediate'));
    else await this.inner.beginTransaction(watched.inner, settings);
    watched.inTransaction = true;
    watched.dirty = false;
  }

  /** The version is raised inside the transaction, so it commits (or not) with the content. */
  async commitTransaction(connection: DatabaseConnection) {
    const watched = connection as WatchedConnection;
    const bumped = watched.dirty ? await this.writes.bump(watched.inner) : undefined;
    watched.inTransaction = false;
    watched.dirty = false;
    await this.inner.commitTransaction(watched.inner);
    if (bumped !== undefined) this.writes.announce(bumped);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const watched = connection as WatchedConnection;
    watched.inTransaction = false;
    watched.dirty = false;
    await this.inner.rollbackTransaction(watched.inner);
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];
}

/**
 * `dialect` with its content writes heard by `writes`; `immediate` (SQLite): transactions
 * begin with BEGIN IMMEDIATE.
 */
export function watchedDialect(dialect: Dialect, writes: SiteWrites, immediate = false): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new WatchedDriver(dialect.createDriver(), writes, immediate),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

const registry = new WeakMap<object, SiteWrites>();

export function registerSiteWrites<DB>(db: Kysely<DB>, writes: SiteWrites): void {
  registry.set(db, writes);
}

/** The content writes of a database opened by openDatabase. */
export function siteWritesOf<DB>(db: Kysely<DB>): SiteWrites | undefined {
  return registry.get(db);
}
