import type { Request } from 'express';
import type { Adapter, AuthResponse, Method, User } from 'nephele';
import {
  BadRequestError,
  ForbiddenError,
  MethodNotImplementedError,
  ResourceNotFoundError,
  UnauthorizedError,
} from 'nephele';
import type { Space } from '../disk/space.js';
import { DavProperties } from './properties.js';
import type { DavContext, DavSpaceName } from './context.js';
import { DavResource, type DavSpace } from './resource.js';
import type { DavStaff } from './user.js';

/** The names of a URL below `baseUrl`, decoded; null when it is not below it. */
export function namesOf(url: URL, baseUrl: URL): string[] | null {
  const base = baseUrl.pathname.replace(/\/?$/, '/');
  const pathname = url.pathname.replace(/\/?$/, '/');
  if (!pathname.startsWith(base)) return null;
  try {
    return pathname
      .slice(base.length)
      .split('/')
      .filter((part) => part !== '')
      .map((part) => decodeURIComponent(part));
  } catch {
    return null;
  }
}

abstract class DavAdapterBase implements Adapter {
  constructor(
    readonly ctx: DavContext,
    private readonly who: DavStaff | undefined,
    /** A PUT's Content-Length, for the quota's check before any byte is stored. */
    readonly contentLength: string | undefined,
  ) {}

  get staff(): DavStaff {
    if (!this.who) throw new UnauthorizedError('请使用应用专用密码登录');
    return this.who;
  }

  async getComplianceClasses(_url: URL, _request: Request, _response: AuthResponse) {
    return ['2'];
  }

  async getAllowedMethods(_url: URL, _request: Request, _response: AuthResponse) {
    return [];
  }

  async getOptionsResponseCacheControl(_url: URL, _request: Request, _response: AuthResponse) {
    return 'private, no-cache';
  }

  /** The drive's calls decide (its permissions): every authenticated person may ask. */
  async isAuthorized(_url: URL, _method: string, _baseUrl: URL, user: User) {
    return user !== undefined && this.who !== undefined;
  }

  getMethod(_method: string): typeof Method {
    throw new MethodNotImplementedError('不支持该请求方法');
  }

  abstract getResource(url: URL, baseUrl: URL): Promise<DavResource | DavRoot>;
  abstract newResource(url: URL, baseUrl: URL): Promise<DavResource | DavRoot>;
  abstract newCollection(url: URL, baseUrl: URL): Promise<DavResource | DavRoot>;
}

/** /dav/disk/ (the person's own disk) or /dav/library/ (the shared library). */
export class DavSpaceAdapter extends DavAdapterBase implements DavSpace {
  constructor(
    ctx: DavContext,
    staff: DavStaff | undefined,
    contentLength: string | undefined,
    readonly spaceName: DavSpaceName,
  ) {
    super(ctx, staff, contentLength);
  }

  get space(): Space {
    return this.spaceName === 'disk' ? { ownerId: this.staff.id } : { ownerId: null };
  }

  get spaceKey(): string {
    return this.spaceName === 'disk' ? `disk:${this.staff.id}` : 'library';
  }

  private async at(url: URL, baseUrl: URL, collection = false): Promise<DavResource> {
    const names = namesOf(url, baseUrl);
    // Outside this space (a path climbing out with "..", a Destination in the other space).
    if (names === null) throw new BadRequestError('该地址不在此网盘下');
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    if (names.some((name) => /[\u0000-\u001f\u007f]/.test(name))) {
      throw new BadRequestError('文件名不能包含控制字符');
    }
    const node = await this.ctx.tree.lookup(this.staff, this.space, names);
    return new DavResource(this, baseUrl, names, node, collection);
  }

  async getResource(url: URL, baseUrl: URL): Promise<DavResource> {
    const resource = await this.at(url, baseUrl);
    if (resource.node.kind === 'gap') throw new ResourceNotFoundError('文件不存在或已删除');
    return resource;
  }

  newResource(url: URL, baseUrl: URL): Promise<DavResource> {
    return this.at(url, baseUrl);
  }

  newCollection(url: URL, baseUrl: URL): Promise<DavResource> {
    return this.at(url, baseUrl, true);
  }
}

/** /dav/ itself: the two spaces, read only. */
export class DavRootAdapter extends DavAdapterBase {
  constructor(
    ctx: DavContext,
    staff: DavStaff | undefined,
    private readonly spaces: Record<DavSpaceName, DavSpaceAdapter>,
  ) {
    super(ctx, staff, undefined);
  }

  /** Nephele gives this adapter the site's root: the names below /dav/. */
  private davNames(url: URL, baseUrl: URL): string[] | null {
    const names = namesOf(url, baseUrl);
    return names && names[0] === 'dav' ? names.slice(1) : null;
  }

  private async at(url: URL, baseUrl: URL): Promise<DavResource | DavRoot> {
    // The site's root is asked for as the parent of /dav/ (its locks): an empty collection at
    // '/', where nephele's walk up the tree ends.
    if (namesOf(url, baseUrl)?.length === 0) return new DavRoot(this, new URL('/', baseUrl), {});
    const names = this.davNames(url, baseUrl);
    if (names === null) throw new ResourceNotFoundError('网盘的地址是 /dav/');
    const root = new URL('dav/', baseUrl);
    if (names.length === 0) return new DavRoot(this, root, this.spaces);
    const space = names.length === 1 ? this.spaces[names[0] as DavSpaceName] : undefined;
    if (!space) throw new ResourceNotFoundError('只有 disk（我的网盘）和 library（教学资源库）');
    const top = new URL(`${names[0]}/`, root);
    return space.getResource(top, top);
  }

  getResource(url: URL, baseUrl: URL) {
    return this.at(url, baseUrl);
  }

  async newResource(url: URL, baseUrl: URL): Promise<DavResource | DavRoot> {
    const names = this.davNames(url, baseUrl);
    if (names && names.length <= 1) return this.at(url, baseUrl);
    throw new ForbiddenError('只能在 disk（我的网盘）或 library（教学资源库）里存放文件');
  }

  newCollection(url: URL, baseUrl: URL) {
    return this.newResource(url, baseUrl);
  }
}

/** The collection /dav/: its members are the two spaces' tops. */
export class DavRoot {
  constructor(
    readonly adapter: DavRootAdapter,
    readonly baseUrl: URL,
    private readonly spaces: Partial<Record<DavSpaceName, DavSpaceAdapter>>,
  ) {}

  async getLocks() {
    return [];
  }
  async getLocksByUser(_user: User) {
    return [];
  }
  async createLockForUser(_user: User): Promise<never> {
    throw new ForbiddenError('这里不能加锁');
  }
  async getProperties() {
    return new DavProperties(this, this.adapter.ctx.db);
  }
  async getStream(): Promise<never> {
    throw new ForbiddenError('这是一个文件夹');
  }
  async setStream(): Promise<never> {
    throw new ForbiddenError('这是一个文件夹');
  }
  async create(): Promise<never> {
    throw new ForbiddenError('只读');
  }
  async delete(): Promise<never> {
    throw new ForbiddenError('只读');
  }
  async copy(): Promise<never> {
    throw new ForbiddenError('只读');
  }
  async move(): Promise<never> {
    throw new ForbiddenError('只读');
  }
  async getLength() {
    return 0;
  }
  async getEtag() {
    return 'dav-root';
  }
  async getMediaType() {
    return null;
  }
  async getCanonicalName() {
    return 'dav';
  }
  async getCanonicalPath() {
    return this.baseUrl.pathname;
  }
  async getCanonicalUrl() {
    return this.baseUrl;
  }
  async isCollection() {
    return true;
  }
  async getInternalMembers(_user: User) {
    return Promise.all(
      (['disk', 'library'] as const).flatMap((name) => {
        const space = this.spaces[name];
        const base = new URL(`${name}/`, this.baseUrl);
        return space ? [space.getResource(base, base)] : [];
      }),
    );
  }
  propertyKey() {
    return undefined;
  }
  createdAt() {
    return new Date(0);
  }
  modifiedAt() {
    return new Date(0);
  }
  displayName() {
    return '网盘';
  }
  async quota() {
    return undefined;
  }
}
