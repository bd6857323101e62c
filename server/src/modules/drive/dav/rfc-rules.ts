import type { Kysely } from 'kysely';
import type { Method, Plugin, User } from 'nephele';
import { ForbiddenError, PreconditionFailedError, ResourceTreeNotCompleteError } from 'nephele';
import type { Database } from '../../../db/schema.js';
import { isDriveAdmin } from '../../../http/roles.js';
import type { Clock } from '../../../time.js';
import { staffOf } from './user.js';

type Parsed = Record<string, unknown>;
interface Parser {
  parseStringPromise(xml: string): Promise<unknown>;
}

/**
 * xml2js groups sibling elements by the name as written, so <somename xmlns="…/alpha"/> and
 * <somename xmlns="…/beta"/> arrive as one array that nephele reads by its first namespace
 * only: each group is split by namespace before nephele reads it.
 */
function splitByNamespace(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(splitByNamespace);
  if (node === null || typeof node !== 'object') return node;
  const output: Parsed = {};
  for (const [name, value] of Object.entries(node as Parsed)) {
    if (name === '$' || name === '$ns' || !Array.isArray(value)) {
      output[name] = name === '$' || name === '$ns' ? value : splitByNamespace(value);
      continue;
    }
    const groups = new Map<string, unknown[]>();
    for (const item of value) {
      const uri = (item as { $ns?: { uri?: string } })?.$ns?.uri ?? '';
      groups.set(uri, [...(groups.get(uri) ?? []), splitByNamespace(item)]);
    }
    let i = 0;
    for (const items of groups.values()) {
      // The key is only a key: nephele names the element by each item's $ns.
      output[i++ === 0 ? name : `${name}\u0001${i}`] = items;
    }
  }
  return output;
}

/** Gives `value` (an element in nephele's form) the prefix `prefix` for `uri`. */
function withPrefix(value: unknown, prefix: string, uri: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withPrefix(item, prefix, uri));
  const declaration = { [`xmlns:${prefix}`]: uri };
  if (value !== null && typeof value === 'object') {
    const element = value as Parsed;
    return { ...element, $: { ...(element.$ as Parsed | undefined), ...declaration } };
  }
  return { $: declaration, _: value };
}

/**
 * On the way out nephele names an element of another namespace by its local name, so two of
 * the same local name would be one: those get a prefix each (nephele uses a child's prefix).
 */
function prefixApart(node: unknown, counter = { next: 0 }): unknown {
  if (Array.isArray(node)) return node.map((item) => prefixApart(item, counter));
  if (node === null || typeof node !== 'object') return node;
  const input = node as Parsed;
  const locals = new Map<string, number>();
  for (const key of Object.keys(input)) {
    if (key.includes('%%')) {
      const local = key.slice(key.indexOf('%%') + 2);
      locals.set(local, (locals.get(local) ?? 0) + 1);
    }
  }
  const output: Parsed = {};
  for (const [key, value] of Object.entries(input)) {
    const inner = key === '$' ? value : prefixApart(value, counter);
    const at = key.indexOf('%%');
    const clash = at > 0 && (locals.get(key.slice(at + 2)) ?? 0) > 1;
    output[key] = clash ? withPrefix(inner, `ns${counter.next++}`, key.slice(0, at)) : inner;
  }
  return output;
}

const patched = new WeakSet<object>();

/** Properties of one local name in several namespaces, read and written apart. */
function namespacesApart(method: Method): void {
  if (patched.has(method)) return;
  patched.add(method);
  const parser = (method as unknown as { xmlParser: Parser }).xmlParser;
  const parse = parser.parseStringPromise.bind(parser);
  parser.parseStringPromise = async (xml: string) => splitByNamespace(await parse(xml));
  const render = method.renderXml.bind(method);
  method.renderXml = (xml: unknown, prefixes?: Record<string, string>) =>
    render(prefixApart(xml), prefixes);
}

/** What our resources add (/dav/ itself has neither). */
interface Movable {
  /** Whether the user may move it (a refusal before nephele's 207 could wrap it). */
  assertMayMove?: (user: User) => Promise<void>;
  /** A folder deleted as one 回收站 entry; false when nephele is to go item by item. */
  deleteWhole?: (user: User) => Promise<boolean>;
}

/** What a resource tells of itself to the lock rules below (ours do; /dav/ itself has none). */
interface LockPathed {
  lockPath?: () => string;
  /** 403 unless the user may change it (as a PUT or DELETE of it would). */
  assertMayWrite?: (user: User) => Promise<void>;
}

/** LOCK and PROPPATCH change what others see: only someone who may write it may do either. */
async function assertMayWrite(resource: unknown, user: User): Promise<void> {
  const pathed = resource as LockPathed;
  if (pathed.assertMayWrite) return pathed.assertMayWrite(user);
  throw new ForbiddenError('这里不能加锁或设置属性');
}

/**
 * What nephele leaves to the server (RFC 4918):
 * - Overwrite: F onto an existing resource is 412 itself, not a 207 that wraps it (§10.6);
 * - PROPFIND never walks a whole tree: Depth: infinity is refused with 403 (§9.1 allows it);
 * - UNLOCK with a token that is no lock of the resource is 409 (§9.11.1), not a 207;
 * - properties of the same name in several namespaces are told apart;
 * - a folder is deleted as one 回收站 entry when nothing below it is locked;
 * - LOCK and PROPPATCH need the right to write the target; a drive administrator's UNLOCK
 *   breaks anyone's lock on the library;
 * - answers name no server software.
 */
export function rfcRules(db: Kysely<Database>, now: Clock): Plugin {
  return {
    async begin(_request, response) {
      response.removeHeader('Server');
    },
    async preLock(_request, response, data) {
      await assertMayWrite(data.resource, response.locals.user);
    },
    async preProppatch(_request, response, data) {
      await assertMayWrite(data.resource, response.locals.user);
    },
    async beforeCopy(_request, _response, data) {
      if (data.overwrite === 'F' && data.exists) {
        throw new PreconditionFailedError('目标已存在（Overwrite: F）');
      }
    },
    async beforeMove(_request, response, data) {
      if (data.overwrite === 'F' && data.exists) {
        throw new PreconditionFailedError('目标已存在（Overwrite: F）');
      }
      await (data.resource as Movable).assertMayMove?.(response.locals.user);
    },
    async beginPropfind(request, _response, data) {
      if (request.get('Depth') === 'infinity') {
        throw new ForbiddenError('不支持 Depth: infinity，请逐层列出');
      }
      namespacesApart(data.method);
    },
    async beforeDelete(_request, response, data) {
      if (!(await (data.resource as Movable).deleteWhole?.(response.locals.user))) return;
      response.status(204).end();
      return false;
    },
    async beginProppatch(_request, _response, data) {
      namespacesApart(data.method);
    },
    async preUnlock(_request, response, data) {
      const token = data.lockTokenHeader?.trim().replace(/^<|>$/g, '');
      const path = (data.resource as LockPathed).lockPath?.();
      if (!token || !path) return;
      const lock = await db
        .selectFrom('davLock')
        .select(['path', 'depth'])
        .where('token', '=', token)
        .where('expiresAt', '>', now().getTime())
        .executeTakeFirst();
      const covers =
        lock &&
        (lock.path === path || (lock.depth === 'infinity' && path.startsWith(`${lock.path}/`)));
      if (!covers) throw new ResourceTreeNotCompleteError('该锁不存在或不属于这个地址');
      // A drive administrator breaks a lock someone else left on the library.
      if (path.startsWith('library') && isDriveAdmin(staffOf(response.locals.user))) {
        await db.deleteFrom('davLock').where('token', '=', token).execute();
        response.status(204).end();
        return false;
      }
    },
  };
}
