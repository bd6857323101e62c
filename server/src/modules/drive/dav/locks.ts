import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Lock, Resource, User } from 'nephele';
import type { Database } from '../../../db/schema.js';
import type { Clock } from '../../../time.js';
import { staffOf } from './user.js';

interface LockRow {
  token: string;
  staffId: number;
  scope: string;
  depth: string;
  provisional: number;
  owner: string;
  grantedAt: number | string;
  timeoutMs: number | string;
}

/**
 * WebDAV write locks (class 2), kept in the database by the path they were taken on, so every
 * process of the site honours a lock another one granted. An expired lock is no lock: it is
 * not read, and goes at the next lock saved.
 */
export class DavLocks {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  async on(resource: Resource, path: string, user?: User): Promise<DavLock[]> {
    const rows = await this.db
      .selectFrom('davLock')
      .select([
        'token',
        'staffId',
        'scope',
        'depth',
        'provisional',
        'owner',
        'grantedAt',
        'timeoutMs',
      ])
      .where('path', '=', path)
      .where('expiresAt', '>', this.now().getTime())
      .$if(user !== undefined, (qb) => qb.where('staffId', '=', staffOf(user!).id))
      .execute();
    return rows.map((row) => this.fromRow(resource, path, row));
  }

  create(resource: Resource, path: string, user: User): DavLock {
    return new DavLock(this, resource, path, staffOf(user).id);
  }

  private fromRow(resource: Resource, path: string, row: LockRow): DavLock {
    const lock = new DavLock(this, resource, path, row.staffId);
    lock.token = row.token;
    lock.date = new Date(Number(row.grantedAt));
    lock.timeout = Number(row.timeoutMs);
    lock.scope = row.scope === 'shared' ? 'shared' : 'exclusive';
    lock.depth = row.depth === 'infinity' ? 'infinity' : '0';
    lock.provisional = row.provisional === 1;
    lock.owner = JSON.parse(row.owner) as unknown;
    return lock;
  }

  async save(lock: DavLock): Promise<void> {
    const values = {
      path: lock.path,
      staffId: lock.staffId,
      scope: lock.scope,
      depth: lock.depth,
      provisional: lock.provisional ? 1 : 0,
      owner: JSON.stringify(lock.owner ?? {}),
      grantedAt: lock.date.getTime(),
      timeoutMs: lock.timeout,
      expiresAt: lock.date.getTime() + lock.timeout,
    };
    await this.db
      .insertInto('davLock')
      .values({ token: lock.token, ...values })
      .onConflict((oc) => oc.column('token').doUpdateSet(values))
      .execute();
    await this.db.deleteFrom('davLock').where('expiresAt', '<=', this.now().getTime()).execute();
  }

  async remove(token: string): Promise<void> {
    await this.db.deleteFrom('davLock').where('token', '=', token).execute();
  }

  /** Whether a live lock is held on anything below `path`. */
  async anyBelow(path: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('davLock')
      .select('token')
      .where(sql<string>`substr(path, 1, ${path.length + 1})`, '=', `${path}/`)
      .where('expiresAt', '>', this.now().getTime())
      .executeTakeFirst();
    return Boolean(row);
  }

  /** The locks on a path and below it go with what was there (DELETE, the source of a MOVE). */
  async dropUnder(path: string): Promise<void> {
    await this.db
      .deleteFrom('davLock')
      .where((eb) =>
        eb.or([
          eb('path', '=', path),
          eb(sql<string>`substr(path, 1, ${path.length + 1})`, '=', `${path}/`),
        ]),
      )
      .execute();
  }
}

export class DavLock implements Lock {
  token = `urn:uuid:${randomUUID()}`;
  date = new Date();
  timeout = 1000 * 60 * 60;
  scope: 'exclusive' | 'shared' = 'exclusive';
  depth: '0' | 'infinity' = '0';
  provisional = false;
  owner: unknown = {};

  constructor(
    private readonly store: DavLocks,
    readonly resource: Resource,
    readonly path: string,
    readonly staffId: number,
  ) {}

  save(): Promise<void> {
    return this.store.save(this);
  }

  delete(): Promise<void> {
    return this.store.remove(this.token);
  }
}
