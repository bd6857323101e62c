import type { Kysely } from 'kysely';
import type { Properties, User } from 'nephele';
import { InsufficientStorageError, PropertyIsProtectedError, PropertyNotFoundError } from 'nephele';
import type { Database } from '../../../db/schema.js';
import type { Resource } from 'nephele';
import type { DiskQuota } from '../disk/quota.js';
import { drive } from './errors.js';
import { staffOf } from './user.js';

/** What the properties read of a resource. */
export interface PropertySource extends Resource {
  propertyKey(): { kind: string; id: number } | undefined;
  createdAt(): Date;
  modifiedAt(): Date;
  displayName(): string;
  quota(): Promise<{ used: number; available: number } | undefined>;
}

type Value = string | object | object[];

/**
 * Dead properties count in the quota of whoever set them, and are bounded per item besides: a
 * client keeps a few short ones (Windows its file times), an item at most this many, this large.
 */
export const DEAD_PROPERTY_LIMITS = { count: 100, valueBytes: 8 * 1024, totalBytes: 64 * 1024 };
const TOO_MANY = `每个文件或文件夹最多 ${DEAD_PROPERTY_LIMITS.count} 个自定义属性，合计 ${DEAD_PROPERTY_LIMITS.totalBytes / 1024} KiB`;
const TOO_LARGE = `自定义属性的值最多 ${DEAD_PROPERTY_LIMITS.valueBytes / 1024} KiB`;

/** Properties the server keeps itself (RFC 4918 §15, RFC 4331 quotas on collections). */
const LIVE = [
  'creationdate',
  'displayname',
  'getcontentlength',
  'getcontenttype',
  'getetag',
  'getlastmodified',
  'resourcetype',
  'supportedlock',
] as const;
const QUOTA = ['quota-available-bytes', 'quota-used-bytes'] as const;

const LOCK_ENTRIES = {
  lockentry: [
    { lockscope: { exclusive: {} }, locktype: { write: {} } },
    { lockscope: { shared: {} }, locktype: { write: {} } },
  ],
};

/**
 * A resource's properties: the live ones from the drive, and the dead ones a client set with
 * PROPPATCH (Windows keeps its file times there), in the database by the item they are on,
 * so they follow it when it is moved or renamed.
 */
export class DavProperties implements Properties {
  constructor(
    readonly resource: PropertySource,
    private readonly db: Kysely<Database>,
    /** The quota dead properties count in (none where none can be set: /dav/ itself). */
    private readonly quota?: DiskQuota,
  ) {}

  private async live(): Promise<string[]> {
    return (await this.resource.isCollection()) ? [...LIVE, ...QUOTA] : [...LIVE];
  }

  async get(name: string): Promise<Value> {
    const resource = this.resource;
    switch (name) {
      case 'creationdate':
        return resource.createdAt().toISOString();
      case 'displayname':
        return resource.displayName();
      case 'getcontentlength':
        return `${await resource.getLength()}`;
      case 'getcontenttype': {
        const type = await resource.getMediaType();
        if (type === null) throw new PropertyNotFoundError(`${name} property doesn't exist.`);
        return type;
      }
      case 'getetag':
        return resource.getEtag();
      case 'getlastmodified':
        return resource.modifiedAt().toUTCString();
      case 'resourcetype':
        return (await resource.isCollection()) ? { collection: {} } : {};
      case 'supportedlock':
        return LOCK_ENTRIES;
      case 'quota-available-bytes':
      case 'quota-used-bytes': {
        const quota = (await resource.isCollection()) ? await resource.quota() : undefined;
        if (!quota) throw new PropertyNotFoundError(`${name} property doesn't exist.`);
        return `${name === 'quota-used-bytes' ? quota.used : quota.available}`;
      }
    }
    const key = this.resource.propertyKey();
    const row =
      key &&
      (await this.db
        .selectFrom('davProperty')
        .select('value')
        .where('kind', '=', key.kind)
        .where('itemId', '=', key.id)
        .where('name', '=', name)
        .executeTakeFirst());
    if (!row) throw new PropertyNotFoundError(`${name} property doesn't exist.`);
    return JSON.parse(row.value) as Value;
  }

  getByUser(name: string, _user: User) {
    return this.get(name);
  }

  async set(name: string, value: Value | undefined) {
    await this.one('set', name, value, null);
  }

  setByUser(name: string, value: Value | undefined, user: User) {
    return this.one('set', name, value, staffOf(user).id);
  }

  async remove(name: string) {
    await this.one('remove', name, undefined, null);
  }

  removeByUser(name: string, user: User) {
    return this.one('remove', name, undefined, staffOf(user).id);
  }

  private async one(
    action: 'set' | 'remove',
    name: string,
    value: unknown,
    staffId: number | null,
  ) {
    const errors = await this.apply([[action, name, value]], staffId);
    if (errors?.length) throw errors[0]![1];
  }

  runInstructions(instructions: ['set' | 'remove', string, unknown][]) {
    return this.apply(instructions, null);
  }

  runInstructionsByUser(instructions: ['set' | 'remove', string, unknown][], user: User) {
    return this.apply(instructions, staffOf(user).id);
  }

  /**
   * All or nothing (RFC 4918 §9.2): a protected property refuses the whole PROPPATCH, and so
   * does one past the bounds or the setter's quota (507).
   */
  private async apply(
    instructions: ['set' | 'remove', string, unknown][],
    staffId: number | null,
  ): Promise<undefined | [string, Error][]> {
    const live = new Set<string>([...LIVE, ...QUOTA]);
    const errors: [string, Error][] = instructions
      .filter(([, name]) => live.has(name))
      .map(([, name]) => [name, new PropertyIsProtectedError(`${name} is a protected property.`)]);
    if (errors.length) return errors;
    const key = this.resource.propertyKey();
    if (!key) {
      return instructions.map(([, name]) => [
        name,
        new PropertyIsProtectedError('这里不能设置属性'),
      ]);
    }
    const stored = instructions.map(([action, name, value]) => {
      const json = action === 'set' ? JSON.stringify(value ?? '') : '';
      if (Buffer.byteLength(json) > DEAD_PROPERTY_LIMITS.valueBytes) {
        throw new InsufficientStorageError(TOO_LARGE);
      }
      return { action, name, json, size: Buffer.byteLength(name) + Buffer.byteLength(json) };
    });
    await this.db.transaction().execute(async (trx) => {
      if (staffId !== null) await this.quota?.lock(trx, staffId);
      for (const { action, name, json, size } of stored) {
        await trx
          .deleteFrom('davProperty')
          .where('kind', '=', key.kind)
          .where('itemId', '=', key.id)
          .where('name', '=', name)
          .execute();
        if (action === 'set') {
          await trx
            .insertInto('davProperty')
            .values({ kind: key.kind, itemId: key.id, name, value: json, staffId, size })
            .execute();
        }
      }
      const held = await trx
        .selectFrom('davProperty')
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'),
        ])
        .where('kind', '=', key.kind)
        .where('itemId', '=', key.id)
        .executeTakeFirstOrThrow();
      // Over the bounds: the whole PROPPATCH is undone (the transaction rolls back).
      if (
        Number(held.count) > DEAD_PROPERTY_LIMITS.count ||
        Number(held.bytes) > DEAD_PROPERTY_LIMITS.totalBytes
      ) {
        throw new InsufficientStorageError(TOO_MANY);
      }
      if (staffId !== null && this.quota && stored.some((row) => row.action === 'set')) {
        await drive(() => this.quota!.assertRoom(trx, staffId, 0));
      }
    });
    return undefined;
  }

  /** allprop: every property but the quotas (RFC 4331 §3), which cost a disk's sums each. */
  async getAll(): Promise<Record<string, Value>> {
    const all: Record<string, Value> = {};
    for (const name of [...LIVE, ...(await this.listDead())]) {
      try {
        all[name] = await this.get(name);
      } catch (err) {
        if (!(err instanceof PropertyNotFoundError)) throw err;
      }
    }
    return all;
  }

  getAllByUser(_user: User) {
    return this.getAll();
  }

  async list() {
    return [...(await this.listLive()), ...(await this.listDead())];
  }

  listByUser(_user: User) {
    return this.list();
  }

  listLive() {
    return this.live();
  }

  listLiveByUser(_user: User) {
    return this.live();
  }

  async listDead(): Promise<string[]> {
    const key = this.resource.propertyKey();
    if (!key) return [];
    const rows = await this.db
      .selectFrom('davProperty')
      .select('name')
      .where('kind', '=', key.kind)
      .where('itemId', '=', key.id)
      .orderBy('name')
      .execute();
    return rows.map((row) => row.name);
  }

  listDeadByUser(_user: User) {
    return this.listDead();
  }
}

/**
 * Copies an item's dead properties to another (a COPY, a file turned into a working file), as
 * `staffId`'s: they count in the quota of who copied them (an item's few, within its bounds).
 */
export async function copyProperties(
  db: Kysely<Database>,
  from: { kind: string; id: number },
  to: { kind: string; id: number },
  staffId: number,
): Promise<void> {
  const rows = await db
    .selectFrom('davProperty')
    .select(['name', 'value', 'size'])
    .where('kind', '=', from.kind)
    .where('itemId', '=', from.id)
    .execute();
  await db
    .deleteFrom('davProperty')
    .where('kind', '=', to.kind)
    .where('itemId', '=', to.id)
    .execute();
  if (rows.length) {
    await db
      .insertInto('davProperty')
      .values(rows.map((row) => ({ kind: to.kind, itemId: to.id, staffId, ...row })))
      .execute();
  }
}

/** An item's dead properties go with it. */
export async function dropProperties(db: Kysely<Database>, key: { kind: string; id: number }) {
  await db
    .deleteFrom('davProperty')
    .where('kind', '=', key.kind)
    .where('itemId', '=', key.id)
    .execute();
}
