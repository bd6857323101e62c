import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Request } from 'express';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import nepheleServer, { UnauthorizedError, type AuthResponse, type Authenticator } from 'nephele';
import { AppError } from '../../../http/errors.js';
import { DavRootAdapter, DavSpaceAdapter } from './adapter.js';
import { bodyLimits } from './bodies.js';
import type { DavContext } from './context.js';
import { davError } from './errors.js';
import { rfcRules } from './rfc-rules.js';
import type { Clock } from '../../../time.js';
import type { DavStaff, DavUser } from './user.js';

/** Checks an app password (platform/auth/app-passwords.ts): who, or null; 429 when throttled. */
export type AppPasswordCheck = (
  login: string,
  password: string,
  ip: string,
) => Promise<{ staff: DavStaff; appPassword: { id: number; name: string } } | null>;

const DAV_METHODS = ['PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK'];
const METHODS = ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'POST', ...DAV_METHODS];

/** Where WebDAV is served: the same port as the site. */
export const DAV_PREFIX = '/dav';

/** The longest a lock is granted (a client asking for more, or Infinite, gets this). */
export const DAV_LOCK_MAX_MS = 60 * 60 * 1000;

const CHALLENGE = 'Basic realm="school-drive", charset="UTF-8"';

/** What the request came with, as Fastify knew it (its address behind the proxy, its logger). */
interface Arrival {
  ip: string;
  log: FastifyRequest['log'];
  user?: DavUser;
}
const arrivals = new WeakMap<IncomingMessage, Arrival>();

/** Basic authentication with an app password (never the account's own password). */
class AppPasswordAuthenticator implements Authenticator {
  constructor(private readonly check: AppPasswordCheck) {}

  async authenticate(request: Request, response: AuthResponse): Promise<DavUser> {
    const header = request.get('Authorization') ?? '';
    const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
    const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const arrival = arrivals.get(request);
    let who: Awaited<ReturnType<AppPasswordCheck>> = null;
    if (colon > 0) {
      try {
        who = await this.check(
          decoded.slice(0, colon),
          decoded.slice(colon + 1),
          arrival?.ip ?? request.socket.remoteAddress ?? '',
        );
      } catch (err) {
        // Too many failures: the login's 429, told as itself (nephele has no error for it).
        throw err instanceof AppError && err.statusCode === 429 ? err : davError(err);
      }
    }
    if (!who) {
      response.set('WWW-Authenticate', CHALLENGE);
      throw new UnauthorizedError(
        colon > 0 ? '账号或应用专用密码错误' : '请用账号和应用专用密码登录',
      );
    }
    const user: DavUser = {
      username: who.staff.code,
      staff: who.staff,
      appPassword: who.appPassword,
    };
    if (arrival) arrival.user = user;
    return user;
  }

  async cleanAuthentication() {}
}

/** An XML body that is not well formed (sax's message names its line and column). */
const XML_ERROR = /\nLine: \d+\nColumn: \d+/;

/** Refusals as short Chinese text; an unexpected failure logged, never its stack answered. */
async function answerError(
  code: number,
  message: string,
  request: Request,
  response: AuthResponse,
  error?: Error,
) {
  if (error instanceof AppError) {
    code = error.statusCode;
    message = error.message;
  } else if (code === 500 && error && XML_ERROR.test(error.message)) {
    code = 400;
    message = '请求的 XML 格式不正确';
  } else if (code === 500) {
    arrivals.get(request)?.log.error({ err: error }, 'webdav: failed');
    message = '服务器内部错误';
  }
  if (response.headersSent || response.destroyed) {
    response.end();
    return;
  }
  // A refusal before the body was read leaves it unread: the connection closes, nothing drains it.
  if (!request.complete) response.set('Connection', 'close');
  const body = `${code} ${message}\n`;
  response.status(code);
  response.set({
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
  });
  response.send(body);
}

/**
 * The drive over WebDAV at /dav/ (issue 22): /dav/disk/ the person's own disk, /dav/library/
 * the shared library, through nephele (RFC 4918 class 1 and 2) over the drive's services.
 * Fastify only routes the request here: the body stays unread until nephele streams it.
 */
export function davRoutes(
  app: FastifyInstance,
  options: { ctx: DavContext; check: AppPasswordCheck; now: Clock },
): void {
  for (const method of DAV_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }
  const authenticator = new AppPasswordAuthenticator(options.check);
  const dav = express();
  dav.disable('x-powered-by');
  dav.set('etag', false);
  // Mounted at the root with the prefix in the adapters' paths: nephele finds a parent's adapter
  // by the whole path, so a mount path would not be part of its adapters' keys.
  const server = nepheleServer(
    {
      adapter: async (request: Request, response: AuthResponse) => {
        const staff = (response.locals.user as DavUser | undefined)?.staff;
        const length = request.get('Content-Length');
        const spaces = {
          disk: new DavSpaceAdapter(options.ctx, staff, length, 'disk'),
          library: new DavSpaceAdapter(options.ctx, staff, length, 'library'),
        };
        return {
          '/': new DavRootAdapter(options.ctx, staff, spaces),
          [`${DAV_PREFIX}/disk/`]: spaces.disk,
          [`${DAV_PREFIX}/library/`]: spaces.library,
        };
      },
      authenticator,
      plugins: [bodyLimits, rfcRules(options.ctx.db, options.now)],
    },
    { errorHandler: answerError, maxLockTimeout: DAV_LOCK_MAX_MS },
  );
  // Answers name no software (nephele's own Express app would say "Express").
  server.disable('x-powered-by');
  dav.use(server);

  const serve = (request: FastifyRequest, raw: IncomingMessage, res: ServerResponse) => {
    const arrival: Arrival = { ip: request.ip, log: request.log };
    arrivals.set(raw, arrival);
    // Each use is logged with the app password's name (and who), without the password.
    res.on('finish', () => {
      if (!arrival.user) return;
      request.log.info(
        {
          dav: {
            method: raw.method,
            staff: arrival.user.staff.code,
            appPassword: arrival.user.appPassword.name,
            status: res.statusCode,
          },
        },
        'webdav',
      );
    });
    // Nephele takes a request without Depth as infinity; clients that omit it mean a listing.
    if (raw.method === 'PROPFIND' && raw.headers.depth === undefined) raw.headers.depth = '1';
    dav(raw as Request, res as never);
  };

  for (const url of [DAV_PREFIX, `${DAV_PREFIX}/*`]) {
    app.route({
      method: METHODS,
      url,
      config: { access: 'public' },
      schema: { hide: true },
      // Answered before Fastify reads the body: nephele streams it (a 1 GiB PUT stays a stream).
      // Returning the reply ends Fastify's part: it neither parses nor answers.
      onRequest: async (request, reply) => {
        reply.hijack();
        serve(request, request.raw, reply.raw);
        return reply;
      },
      handler: async () => {
        throw new AppError(500, '服务器内部错误');
      },
    });
  }
}
