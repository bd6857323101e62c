import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { LIBRARY, MY_DISK } from '@school/common/api';
import type { Resource, User } from 'nephele';
import {
  ForbiddenError,
  MethodNotSupportedError,
  ResourceExistsError,
  ResourceNotFoundError,
  ResourceTreeNotCompleteError,
} from 'nephele';
import { LEAK_PROTECTED_DOWNLOAD, mayDownload } from '../drive/leak-protection.js';
import { assertCanManage } from '../drive/space.js';
import { isWorkingName, type Place } from '../drive/working-files.js';
import type { DavSpaceAdapter } from './adapter.js';
import { drive } from './errors.js';
import { copyProperties, DavProperties, dropProperties } from './properties.js';
import { nameOf, type DavLookup, type DavNode } from './tree.js';
import { staffOf, type DavStaff } from './user.js';

/** The default 资源类型 of a file put over WebDAV: 其他 (RESOURCES_TYPE 6). */
const OTHER_TYPE = '6';

const TOP_NAMES = { disk: '我的网盘', library: '教学资源库' } as const;

/** Reads the first chunk: whether a PUT's body is empty, and the body again as a stream. */
async function peek(input: Readable): Promise<{ empty: boolean; body: Readable }> {
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let first = await iterator.next();
  // A zero-length chunk is no content (a body that is only its end may come as one).
  while (!first.done && first.value.length === 0) first = await iterator.next();
  if (first.done) return { empty: true, body: Readable.from([]) };
  const head = first.value;
  async function* rest() {
    yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      yield next.value;
    }
  }
  return { empty: false, body: Readable.from(rest(), { objectMode: false }) };
}

/**
 * One name of the drive over WebDAV (nephele's Resource): a space's top, a folder, a file or
 * a working file, or a name nothing has yet. Every change is the drive's own call (its
 * permissions, quota, content check, 回收站), made as the app password's owner.
 */
export class DavResource implements Resource {
  constructor(
    readonly adapter: DavSpaceAdapter,
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
    return new DavProperties(this, this.ctx.db);
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
    const staff = staffOf(user);
    const place = this.placeForNew();
    const node = this.node;
    const name = this.name;
    if (place.space.ownerId === null && place.folderId === null) {
      input.resume();
      throw new ForbiddenError('教学资源库的文件须放在文件夹里');
    }
    // The quota (and the size limit) first, by Content-Length, before a byte is read: a refusal
    // leaves the body unread, for the server to drop.
    const length = Number(this.adapter.contentLength ?? 0);
    const working = isWorkingName(name);
    if (!working) {
      const sType = place.space.ownerId === null ? '0' : '1';
      await drive(() => this.ctx.uploads.admit(staff, name, length, { sType }));
    } else if (place.space.ownerId !== null && length > 0) {
      await drive(() =>
        this.ctx.quota.assertRoom(
          this.ctx.db,
          staff.id,
          length - (node.kind === 'work' ? node.work.size : 0),
        ),
      );
    }
    const { empty, body } = await peek(input);
    const existingWork = node.kind === 'work' ? node.work : undefined;
    if (working || (empty && node.kind !== 'file')) {
      await drive(() => this.ctx.working.write(staff, place, name, body, existingWork));
      return;
    }
    if (empty && node.kind === 'file') {
      // A file emptied: its bytes go to the 回收站 and the name stays as an empty working file.
      const id = await drive(() => this.ctx.working.write(staff, place, name, body));
      await copyProperties(
        this.ctx.db,
        { kind: 'r', id: node.resource.id },
        { kind: 'w', id: id.id },
      );
      await drive(() => this.ctx.trash.binResources(staff, [node.resource.id]));
      return;
    }
    const upload = await drive(() => this.ctx.uploads.save(staff, name, body));
    if (node.kind === 'file') {
      await drive(() => this.ctx.resources.replaceContent(staff, node.resource.id, upload.fileId));
      return;
    }
    const [id] = await drive(() =>
      this.ctx.resources.add(
        staff,
        place.folderId === null ? { sType: MY_DISK } : { fId: place.folderId },
        [{ path: upload.url, name, fileName: name }],
        { resourcesType: OTHER_TYPE },
      ),
    );
    if (existingWork) {
      // The empty file a client made first becomes the drive's file.
      await copyProperties(this.ctx.db, { kind: 'w', id: existingWork.id }, { kind: 'r', id: id! });
      await this.ctx.working.remove([existingWork]);
      await dropProperties(this.ctx.db, { kind: 'w', id: existingWork.id });
    }
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
   * Whether the viewer may move this (asked before nephele starts, so that a refusal is the
   * answer's own status, not one inside a 207): a file of the library is its administrators'
   * to move, one's disk one's own.
   */
  async assertMayMove(user: User): Promise<void> {
    const staff = staffOf(user);
    const node = this.node;
    if (node.kind === 'file') await drive(async () => assertCanManage(node.place.space, staff));
    if (node.kind === 'folder') await drive(async () => assertCanManage(node.space, staff));
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
        ? {
            kind: 'w',
            id: await drive(() =>
              this.ctx.working.adopt(
                staff,
                place,
                name,
                node.resource.fileId,
                Number(node.resource.size),
              ),
            ),
          }
        : { kind: 'r', id: await this.placeFile(staff, node, place, name, true) };
    } else if (node.kind === 'work') {
      to = isWorkingName(name)
        ? { kind: 'w', id: await this.copyWork(staff, node, place, name) }
        : { kind: 'r', id: await this.workToFile(staff, node, place, name) };
    } else {
      throw new ResourceNotFoundError('文件不存在或已删除');
    }
    if (from && to) await copyProperties(this.ctx.db, from, to);
  }

  async move(destinationUrl: URL, _baseUrl: URL, user: User): Promise<void> {
    const staff = staffOf(user);
    const { place, name } = await this.destination(destinationUrl);
    const node = this.node;
    if (node.kind === 'file') {
      if (isWorkingName(name)) {
        // A file renamed to a working name (Office's save dance): its bytes stay, as a working file.
        const id = await drive(() =>
          this.ctx.working.adopt(
            staff,
            place,
            name,
            node.resource.fileId,
            Number(node.resource.size),
          ),
        );
        await copyProperties(this.ctx.db, { kind: 'r', id: node.resource.id }, { kind: 'w', id });
        await drive(() => this.ctx.trash.binResources(staff, [node.resource.id]));
      } else {
        await this.placeFile(staff, node, place, name, false);
      }
    } else if (node.kind === 'work') {
      if (isWorkingName(name)) {
        await drive(() => this.ctx.working.place(node.work, place, name));
      } else {
        const id = await this.workToFile(staff, node, place, name);
        await copyProperties(this.ctx.db, { kind: 'w', id: node.work.id }, { kind: 'r', id });
        await this.ctx.working.remove([node.work]);
        await dropProperties(this.ctx.db, { kind: 'w', id: node.work.id });
      }
    } else {
      throw new MethodNotSupportedError('文件夹由逐项移动完成');
    }
    await this.ctx.locks.dropUnder(this.lockPath());
  }

  /** The drive's move or copy of a file, to a folder and name. */
  private placeFile(
    staff: DavStaff,
    node: Extract<DavNode, { kind: 'file' }>,
    place: Place,
    name: string,
    copy: boolean,
  ): Promise<number> {
    return drive(() =>
      this.ctx.resources.move(staff, {
        resourceId: node.resource.id,
        copy,
        fromId: node.place.folderId ?? 0,
        toId: place.folderId ?? 0,
        sType: place.space.ownerId === null ? LIBRARY : MY_DISK,
        name,
      }),
    );
  }

  private async copyWork(
    staff: DavStaff,
    node: Extract<DavNode, { kind: 'work' }>,
    place: Place,
    name: string,
  ): Promise<number> {
    const { work } = node;
    if (work.fileId === null) {
      return (await drive(() => this.ctx.working.write(staff, place, name, Readable.from([])))).id;
    }
    return drive(() => this.ctx.working.adopt(staff, place, name, work.fileId!, work.size));
  }

  /** A working file given a name the drive takes: its bytes, checked, become a drive file. */
  private async workToFile(
    staff: DavStaff,
    node: Extract<DavNode, { kind: 'work' }>,
    place: Place,
    name: string,
  ): Promise<number> {
    const stored =
      node.work.fileId === null
        ? undefined
        : await this.ctx.db
            .selectFrom('storedFile')
            .select(['sha256', 'size'])
            .where('id', '=', node.work.fileId)
            .executeTakeFirst();
    if (!stored?.sha256 || Number(stored.size) === 0) {
      return (await drive(() => this.ctx.working.write(staff, place, name, Readable.from([])))).id;
    }
    const upload = await drive(() =>
      this.ctx.uploads.byHash(staff, name, stored.sha256!, Number(stored.size)),
    );
    if (!upload) throw new ResourceNotFoundError('文件不存在或已删除');
    if (place.space.ownerId === null && place.folderId === null) {
      throw new ForbiddenError('教学资源库的文件须放在文件夹里');
    }
    const [id] = await drive(() =>
      this.ctx.resources.add(
        staff,
        place.folderId === null ? { sType: MY_DISK } : { fId: place.folderId },
        [{ path: upload.url, name, fileName: name }],
        { resourcesType: OTHER_TYPE },
      ),
    );
    return id!;
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

  createdAt(): Date {
    const node = this.node;
    if (node.kind === 'folder') return new Date(node.folder.createdAt);
    if (node.kind === 'file') return new Date(node.resource.createdAt);
    if (node.kind === 'work') return new Date(node.work.createdAt);
    return new Date(0);
  }

  modifiedAt(): Date {
    const node = this.node;
    if (node.kind === 'folder') return new Date(node.folder.updatedAt);
    if (node.kind === 'file') return new Date(node.resource.statusDate);
    if (node.kind === 'work') return new Date(node.work.updatedAt);
    return new Date(0);
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
