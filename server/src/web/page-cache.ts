import { createHash } from 'node:crypto';
import type {
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { VISITOR_COOKIE } from '@school/common';
import { FILE_COOKIE } from '../http/auth.js';
import { Kept } from '../cache/kept.js';
import { pageCacheHit, pageCacheMiss } from '../observability/metrics.js';
import type { Freshness, SiteVersion } from '../db/site-version.js';

/** Whose copy of a page is kept: anonymous visitors', or staff's (a staff page's shell). */
export type Audience = 'visitor' | 'staff';

/**
 * The paths of the pages whose server HTML is the same for every anonymous visitor (the routes
 * under a layout whose handle says `keptForVisitors`: web/app/routes/portal/layout.tsx), and of
 * those whose HTML is the same for everyone logged in (`keptForStaff`: the staff pages' shells).
 */
export interface KeptPaths {
  visitors: ReadonlySet<string>;
  staff: ReadonlySet<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The page cache, when pages are served and it is on. */
    pageCache?: PageCache;
  }
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Headers of a render that are not the page's: they are made per answer. */
const PER_ANSWER = new Set([
  // Each request's own (observability/request-id.ts).
  'x-request-id',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'etag',
  'vary',
  'cache-control',
  'set-cookie',
]);

/** Browsers keep the page but ask each time (answered 304 when unchanged): an edit shows at once. */
const CACHE_CONTROL = 'no-cache';

type Encoding = 'br' | 'gzip' | 'identity';

interface Variant {
  body: Buffer;
  headers: OutgoingHttpHeaders;
}

interface CachedPage {
  freshness: Freshness;
  /** The identity body's hash: the same page in any encoding answers 304. */
  tag: string;
  variants: Record<Encoding, Variant>;
  notModified: OutgoingHttpHeaders;
  bytes: number;
}

/**
 * No session of any kind: no token header, and no cookie but the visitor cookie of the view
 * counts (a logged-in browser carries the `User` cookie, file reads the session cookie).
 */
function anonymous(headers: IncomingHttpHeaders): boolean {
  if (headers.authorization !== undefined || headers.token !== undefined) return false;
  if (headers.userid !== undefined) return false;
  const cookie = headers.cookie;
  if (!cookie) return true;
  return cookie.split(';').every((part) => {
    const name = part.split('=', 1)[0]!.trim();
    return name === '' || name === VISITOR_COOKIE;
  });
}

/**
 * A staff page asked for by a browser logged in: the `User` login cookie (the root loader
 * reads only that there is one), no token header, and no cookie but the file-session and
 * visitor cookies. The page's data is read in the browser with the stored token, so its
 * shell is the same for every member of staff.
 */
function staffShell(headers: IncomingHttpHeaders): boolean {
  if (headers.authorization !== undefined || headers.token !== undefined) return false;
  if (headers.userid !== undefined) return false;
  let login = false;
  for (const part of (headers.cookie ?? '').split(';')) {
    const [name = '', value = ''] = part.split('=', 2).map((piece) => piece.trim());
    if (name === 'User' && value !== '') login = true;
    else if (name !== '' && name !== VISITOR_COOKIE && name !== FILE_COOKIE) return false;
  }
  return login;
}

/** The best encoding the client takes (q=0 refuses one). */
export function pickEncoding(header: string | string[] | undefined): Encoding {
  if (!header) return 'identity';
  const text = Array.isArray(header) ? header.join(',') : header;
  let gzipOk = false;
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzipOk = true;
  }
  return gzipOk ? 'gzip' : 'identity';
}

function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const bare = candidate.trim().replace(/^W\//, '').replace(/"/g, '');
    return bare === '*' || bare.replace(/-(br|gzip)$/, '') === tag;
  });
}

/**
 * Rendered portal pages for anonymous visitors, in memory, by address: identity, gzip and
 * brotli bytes with an ETag and the render's own headers (its CSP with its nonce included),
 * served without rendering while the site's content version holds (db/site-version.ts).
 * Least recently used pages go first once `maxBytes` is reached.
 */
export class PageCache {
  private readonly pages: Kept<CachedPage>;
  /** Requests already counted as a hit or a miss (observability/metrics.ts). */
  private readonly counted = new WeakSet<IncomingMessage>();
  /** Renders under way, so a burst of misses on one page renders it once. */
  readonly pending = new Map<string, Promise<void>>();

  /**
   * `paths`: the only pages kept (the web build's `keptPaths`): the public portal's for anonymous
   * visitors, the staff pages' shells for staff; not the CMS, /s/ share pages, /judgePage or
   * /publicPage. None while it answers undefined.
   */
  constructor(
    readonly version: SiteVersion,
    maxBytes: number,
    private readonly paths: () => KeptPaths | undefined,
  ) {
    this.pages = new Kept<CachedPage>({
      name: 'page',
      maxEntries: 100_000,
      maxBytes,
      bytesOf: (page) => page.bytes,
    });
  }

  get size(): number {
    return this.pages.size;
  }

  /**
   * Which kept copy may answer the request (and store its render): the visitors' of a public
   * page, the staff's of a staff page's shell; undefined: none, it is rendered.
   */
  audienceOf(
    method: string | undefined,
    url: string | undefined,
    headers: IncomingHttpHeaders,
  ): Audience | undefined {
    if ((method !== 'GET' && method !== 'HEAD') || !url) return undefined;
    const paths = this.paths();
    if (!paths) return undefined;
    const question = url.indexOf('?');
    const path = question === -1 ? url : url.slice(0, question);
    if (paths.visitors.has(path)) return anonymous(headers) ? 'visitor' : undefined;
    if (paths.staff.has(path)) return staffShell(headers) ? 'staff' : undefined;
    return undefined;
  }

  private lookup(key: string): CachedPage | undefined {
    const page = this.pages.get(key, false);
    if (!page) return undefined;
    if (!this.version.holds(page.freshness)) {
      this.pages.delete(key);
      return undefined;
    }
    return page;
  }

  /**
   * Answers a request from the cache on the bare Node response; false when the page is not
   * kept (then it is rendered). `key` is the page's address with its protocol and host.
   */
  serve(req: IncomingMessage, res: ServerResponse, key: string): boolean {
    const page = this.lookup(key);
    // Metrics: a request's first look decides hit or miss (it may look again after its render).
    if (!this.counted.has(req)) {
      this.counted.add(req);
      (page ? pageCacheHit : pageCacheMiss).inc();
      this.pages.count(page ? 'hit' : 'miss');
    }
    if (!page) return false;
    if (matches(req.headers['if-none-match'], page.tag)) {
      res.writeHead(304, page.notModified);
      res.end();
      return true;
    }
    const variant = page.variants[pickEncoding(req.headers['accept-encoding'])];
    res.writeHead(200, variant.headers);
    if (req.method === 'HEAD') res.end();
    else res.end(variant.body);
    return true;
  }

  /** Keeps a render made under `freshness`, unless the version moved on meanwhile. */
  async store(
    key: string,
    freshness: Freshness,
    body: Buffer,
    rendered: OutgoingHttpHeaders,
  ): Promise<void> {
    // Brotli 5 and gzip 6: at 9 brotli took ~20 ms of a 30 KB page for 1% fewer bytes, and a
    // page asked for once (an article, a search) paid it in full.
    const [gz, br] = await Promise.all([
      gzip(body, { level: 6 }),
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ]);
    if (!this.version.holds(freshness)) return;
    const tag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    const own: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(rendered)) {
      if (value !== undefined && !PER_ANSWER.has(name.toLowerCase()))
        own[name.toLowerCase()] = value;
    }
    const common = { vary: 'Accept-Encoding', 'cache-control': CACHE_CONTROL };
    const variant = (encoding: Encoding, bytes: Buffer): Variant => ({
      body: bytes,
      headers: {
        ...own,
        ...common,
        etag: `"${tag}${encoding === 'identity' ? '' : `-${encoding}`}"`,
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
        'content-length': bytes.length,
      },
    });
    const page: CachedPage = {
      freshness,
      tag,
      variants: {
        identity: variant('identity', body),
        gzip: variant('gzip', gz),
        br: variant('br', br),
      },
      notModified: { ...common, etag: `"${tag}"` },
      bytes: body.length + gz.length + br.length + key.length + 2048,
    };
    this.pages.set(key, page);
  }
}
