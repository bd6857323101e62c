import type { Kysely } from 'kysely';
import type { Properties, User } from 'nephele';
import { PropertyIsProtectedError, PropertyNotFoundError } from 'nephele';
import type { Database } from '../../../db/schema.js';
import type { Resource } from 'nephele';

/** What the properties read of a resource. */
export interface PropertySource extends Resource {
  propertyKey(): { kind: string; id: number } | undefined;
  createdAt(): Date;
  modifiedAt(): Date;
  displayName(): string;
  quota(): Promise<{ used: number; available: number } | undefined>;
}

type Value = string | object | object[];

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
    const errors = await this.runInstructions([['set', name, value]]);
    if (errors?.length) throw errors[0]![1];
  }

  setByUser(name: string, value: Value | undefined, _user: User) {
    return this.set(name, value);
  }

  async remove(name: string) {
    const errors = await this.runInstructions([['remove', name, undefined]]);
    if (errors?.length) throw errors[0]![1];
  }

  removeByUser(name: string, _user: User) {
    return this.remove(name);
  }

  /** All or nothing (RFC 4918 §9.2): a protected property refuses the whole PROPPATCH. */
  async runInstructions(
    instructions: ['set' | 'remove', string, unknown][],
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
    await this.db.transaction().execute(async (trx) => {
      for (const [action, name, value] of instructions) {
        await trx
          .deleteFrom('davProperty')
          .where('kind', '=', key.kind)
          .where('itemId', '=', key.id)
          .where('name', '=', name)
          .execute();
        if (action === 'set') {
          await trx
            .insertInto('davProperty')
            .values({ kind: key.kind, itemId: key.id, name, value: JSON.stringify(value ?? '') })
            .execute();
        }
      }
    });
    return undefined;
  }

  runInstructionsByUser(instructions: ['set' | 'remove', string, unknown][], _user: User) {
    return this.runInstructions(instructions);
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

/** Copies an item's dead properties to another (a COPY, a file turned into a working file). */
export async function copyProperties(
  db: Kysely<Database>,
  from: { kind: string; id: number },
  to: { kind: string; id: number },
): Promise<void> {
  const rows = await db
    .selectFrom('davProperty')
    .select(['name', 'value'])
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
      .values(rows.map((row) => ({ kind: to.kind, itemId: to.id, ...row })))
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
