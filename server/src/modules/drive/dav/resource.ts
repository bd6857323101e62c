import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Adapter, Resource, User } from 'nephele';
import {
  ForbiddenError,
  MethodNotSupportedError,
  ResourceExistsError,
  ResourceNotFoundError,
  ResourceTreeNotCompleteError,
} from 'nephele';
import { LEAK_PROTECTED_DOWNLOAD, mayDownload } from '../library/leak-protection.js';
import { assertCanManage } from '../disk/space.js';
import { isWorkingName, type Place } from './working-files.js';
import type { DavContext, DavSpaceName } from './context.js';
import { copyWork, fileToWork, placeFile, putBytes, workToFile } from './transfers.js';
import { drive } from './errors.js';
import { assertMayWrite } from './rights.js';
import { copyProperties, DavProperties, dropProperties } from './properties.js';
import { nameOf, type DavLookup } from './tree.js';
import { staffOf, type DavStaff } from './user.js';

const TOP_NAMES = { disk: '我的网盘', library: '教学资源库' } as const;

/** What a resource needs of its space's adapter (adapter.ts). */
export interface DavSpace extends Adapter {
  readonly ctx: DavContext;
  readonly staff: DavStaff;
  readonly spaceName: DavSpaceName;
  readonly spaceKey: string;
  /** A PUT's Content-Length. */
  readonly contentLength: string | undefined;
  newResource(url: URL, baseUrl: URL): Promise<DavResource>;
}

/**
 * One name of the drive over WebDAV (nephele's Resource): a space's top, a folder, a file or
 * a working file, or a name nothing has yet. Every change is the drive's own call (its
 * permissions, quota, content check, 回收站), made as the app password's owner.
 */
export class DavResource implements Resource {
  constructor(
    readonly adapter: DavSpace,
    readonly baseUrl: URL,
    /** The names below the space's top. */
    readonly path: string[],
    readonly node: DavLookup,
    /** For a name nothing has yet: whether it is to be a collection (MKCOL). */
    private readonly collection = false,
  ) {}

  private get staff(): DavStaff {
    return this.adapter.staff;
  }

  private get ctx() {
    return this.adapter.ctx;
  }

  /** The path locks are kept by: the space and the names. */
  lockPath(): string {
    return [this.adapter.spaceKey, ...this.path].join('/');
  }

  propertyKey(): { kind: string; id: number } | undefined {
    switch (this.node.kind) {
      case 'folder':
        return { kind: 'f', id: this.node.folder.id };
      case 'file':
        return { kind: 'r', id: this.node.resource.id };
      case 'work':
        return { kind: 'w', id: this.node.work.id };
      default:
        return undefined;
    }
  }

  /** Where a new item at this name goes: the folder it is in must be there (409 otherwise). */
  private placeForNew(): Place {
    if (this.node.kind === 'gap') {
      if (!this.node.place) {
        throw new ResourceTreeNotCompleteError('上级文件夹不存在，请先创建');
      }
      return this.node.place;
    }
    if (this.node.kind === 'file' || this.node.kind === 'work') return this.node.place;
    throw new MethodNotSupportedError('这是一个文件夹');
  }

  private get name(): string {
    return this.path.at(-1) ?? TOP_NAMES[this.adapter.spaceName];
  }

  getLocks() {
    return this.ctx.locks.on(this, this.lockPath());
  }

  getLocksByUser(user: User) {
    return this.ctx.locks.on(this, this.lockPath(), user);
  }

  async createLockForUser(user: User) {
    return this.ctx.locks.create(this, this.lockPath(), user);
  }

  async getProperties() {
    return new DavProperties(this, this.ctx.db, this.ctx.quota);
  }

  async getStream(range?: { start: number; end: number }): Promise<Readable> {
    const node = this.node;
    let fileId: number | null = null;
    if (node.kind === 'file') {
      if (!mayDownload(node.resource, this.staff))
        throw new ForbiddenError(LEAK_PROTECTED_DOWNLOAD);
      fileId = node.resource.fileId;
    } else if (node.kind === 'work') {
      fileId = node.work.fileId;
    } else {
      return Readable.from([]);
    }
    if (fileId === null) return Readable.from([]);
    // The one read rule every address of a stored file asks (platform/files/access.ts).
    const facts = await this.ctx.files.access.facts(fileId);
    if (facts) await drive(() => this.ctx.files.access.assertReadable(facts, this.staff));
    const stored = await this.ctx.files.find(fileId);
    if (!stored || Number(stored.size) === 0) return Readable.from([]);
    return this.ctx.files.storage.read(stored.storageKey, range);
  }

  async setStream(input: Readable, user: User): Promise<void> {
    await putBytes(this.ctx, staffOf(user), {
      place: this.placeForNew(),
      node: this.node,
      name: this.name,
      contentLength: this.adapter.contentLength,
      input,
    });
  }

  async create(user: User): Promise<void> {
    const staff = staffOf(user);
    if (this.node.kind !== 'gap') throw new ResourceExistsError('该名称已被占用');
    const place = this.placeForNew();
    if (this.collection) {
      await drive(() =>
        this.ctx.folders.create(staff, place.space, {
          parentId: place.folderId ?? undefined,
          name: this.name,
        }),
      );
      return;
    }
    if (place.space.ownerId === null && place.folderId === null) {
      throw new ForbiddenError('教学资源库的文件须放在文件夹里');
    }
    await drive(() => this.ctx.working.write(staff, place, this.name, Readable.from([])));
  }

  async delete(user: User): Promise<void> {
    const staff = staffOf(user);
    const node = this.node;
    switch (node.kind) {
      case 'folder':
        await drive(() => this.ctx.trash.binFolder(staff, node.folder.id));
        break;
      case 'file':
        await drive(() => this.ctx.trash.binResources(staff, [node.resource.id]));
        break;
      case 'work':
        await this.ctx.working.remove([node.work]);
        await dropProperties(this.ctx.db, { kind: 'w', id: node.work.id });
        break;
      case 'top':
        throw new ForbiddenError('不能删除网盘本身');
      default:
        throw new ResourceNotFoundError('文件不存在或已删除');
    }
    await this.ctx.locks.dropUnder(this.lockPath());
  }

  /**
   * A folder deleted at once, everything in it going to the 回收站 as one entry (restored as
   * one), when nothing below it is locked; else false, and nephele deletes item by item,
   * honouring each lock.
   */
  async deleteWhole(user: User): Promise<boolean> {
    if (this.node.kind !== 'folder') return false;
    if (await this.ctx.locks.anyBelow(this.lockPath())) return false;
    await this.delete(user);
    return true;
  }

  /**
   * Whether the viewer may move this (asked before nephele starts: a refusal is the answer's own
   * status, not one in a 207): a library file is its administrators' to move, a disk its owner's.
   */
  async assertMayMove(user: User): Promise<void> {
    const staff = staffOf(user);
    const node = this.node;
    if (node.kind === 'file') await drive(async () => assertCanManage(node.place.space, staff));
    if (node.kind === 'folder') await drive(async () => assertCanManage(node.space, staff));
  }

  /** Whether the user may change this as a PUT or DELETE would (before a LOCK, a PROPPATCH). */
  assertMayWrite(user: User): Promise<void> {
    return assertMayWrite(this.node, staffOf(user));
  }

  /** The destination's resource (nephele removed what was there when it overwrites). */
  private async destination(
    url: URL,
  ): Promise<{ target: DavResource; place: Place; name: string }> {
    const target = await this.adapter.newResource(url, this.baseUrl);
    const name = target.path.at(-1);
    if (!name) throw new ForbiddenError('不能复制或移动到网盘的最上层本身');
    return { target, place: target.placeForNew(), name };
  }

  async copy(destinationUrl: URL, _baseUrl: URL, user: User): Promise<void> {
    const staff = staffOf(user);
    const { place, name } = await this.destination(destinationUrl);
    const node = this.node;
    const from = this.propertyKey();
    let to: { kind: string; id: number } | undefined;
    if (node.kind === 'folder' || node.kind === 'top') {
      const { fid } = await drive(() =>
        this.ctx.folders.create(staff, place.space, {
          parentId: place.folderId ?? undefined,
          name,
        }),
      );
      to = { kind: 'f', id: fid };
    } else if (node.kind === 'file') {
      if (!mayDownload(node.resource, staff)) throw new ForbiddenError(LEAK_PROTECTED_DOWNLOAD);
      to = isWorkingName(name)
        ? { kind: 'w', id: await fileToWork(this.ctx, staff, node, place, name) }
        : { kind: 'r', id: await placeFile(this.ctx, staff, node, place, name, true) };
    } else if (node.kind === 'work') {
      to = isWorkingName(name)
        ? { kind: 'w', id: await copyWork(this.ctx, staff, node, place, name) }
        : { kind: 'r', id: await workToFile(this.ctx, staff, node, place, name) };
    } else {
      throw new ResourceNotFoundError('文件不存在或已删除');
    }
    if (from && to) await copyProperties(this.ctx.db, from, to, staff.id);
  }

  async move(destinationUrl: URL, _baseUrl: URL, user: User): Promise<void> {
    const staff = staffOf(user);
    const { place, name } = await this.destination(destinationUrl);
    const node = this.node;
    if (node.kind === 'file') {
      if (isWorkingName(name)) {
        // A file renamed to a working name (Office's save dance): its bytes stay, as a working file.
        const id = await fileToWork(this.ctx, staff, node, place, name);
        await copyProperties(this.ctx.db, this.propertyKey()!, { kind: 'w', id }, staff.id);
        await drive(() => this.ctx.trash.binResources(staff, [node.resource.id]));
      } else {
        await placeFile(this.ctx, staff, node, place, name, false);
      }
    } else if (node.kind === 'work') {
      if (isWorkingName(name)) {
        await drive(() => this.ctx.working.place(node.work, place, name));
      } else {
        const id = await workToFile(this.ctx, staff, node, place, name);
        const from = this.propertyKey()!;
        await copyProperties(this.ctx.db, from, { kind: 'r', id }, staff.id);
        await this.ctx.working.remove([node.work]);
        await dropProperties(this.ctx.db, from);
      }
    } else {
      throw new MethodNotSupportedError('文件夹由逐项移动完成');
    }
    await this.ctx.locks.dropUnder(this.lockPath());
  }

  async getLength(): Promise<number> {
    if (this.node.kind === 'file') return Number(this.node.resource.size);
    if (this.node.kind === 'work') return this.node.work.size;
    return 0;
  }

  async getEtag(): Promise<string> {
    const node = this.node;
    const facts =
      node.kind === 'file'
        ? `r${node.resource.id}:${node.resource.fileId}:${node.resource.size}:${node.resource.statusDate}`
        : node.kind === 'work'
          ? `w${node.work.id}:${node.work.fileId}:${node.work.size}:${node.work.updatedAt}`
          : node.kind === 'folder'
            ? `f${node.folder.id}:${node.folder.updatedAt}`
            : `${this.adapter.spaceKey}`;
    return createHash('sha1').update(facts).digest('hex').slice(0, 20);
  }

  async getMediaType(): Promise<string | null> {
    if (this.node.kind === 'file') return this.node.resource.mimeType ?? 'application/octet-stream';
    if (this.node.kind === 'work') return 'application/octet-stream';
    return null;
  }

  /** When the item was made and last changed, as its row keeps them; a top or a gap has none. */
  private times(): { created: string; modified: string } | undefined {
    const node = this.node;
    if (node.kind === 'folder') {
      return { created: node.folder.createdAt, modified: node.folder.updatedAt };
    }
    if (node.kind === 'file') {
      return { created: node.resource.createdAt, modified: node.resource.statusDate };
    }
    if (node.kind === 'work')
      return { created: node.work.createdAt, modified: node.work.updatedAt };
    return undefined;
  }

  createdAt(): Date {
    return new Date(this.times()?.created ?? 0);
  }

  modifiedAt(): Date {
    return new Date(this.times()?.modified ?? 0);
  }

  displayName(): string {
    return this.name;
  }

  /** The disk's quota (RFC 4331); the library has none to tell. */
  async quota(): Promise<{ used: number; available: number } | undefined> {
    if (this.adapter.spaceName !== 'disk') return undefined;
    const { used, pending, total } = await this.ctx.quota.usage(this.staff.id);
    return { used, available: Math.max(0, total - used - pending) };
  }

  async getCanonicalName(): Promise<string> {
    return this.name;
  }

  async getCanonicalPath(): Promise<string> {
    const path = `/${this.path.join('/')}`;
    return (await this.isCollection()) && this.path.length ? `${path}/` : path;
  }

  async getCanonicalUrl(): Promise<URL> {
    const encoded = this.path.map(encodeURIComponent).join('/');
    const tail = (await this.isCollection()) && this.path.length ? '/' : '';
    return new URL(`${encoded}${tail}`, this.baseUrl);
  }

  async isCollection(): Promise<boolean> {
    const kind = this.node.kind;
    return kind === 'top' || kind === 'folder' || (kind === 'gap' && this.collection);
  }

  async getInternalMembers(_user: User): Promise<DavResource[]> {
    const node = this.node;
    if (node.kind !== 'top' && node.kind !== 'folder') {
      throw new MethodNotSupportedError('这不是文件夹');
    }
    const place: Place =
      node.kind === 'top'
        ? { space: node.space, folderId: null }
        : { space: node.space, folderId: node.folder.id };
    const members = await this.ctx.tree.members(this.staff, place);
    return members.map(
      (member) =>
        new DavResource(this.adapter, this.baseUrl, [...this.path, nameOf(member)], member),
    );
  }
}
