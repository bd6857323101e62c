import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Staff } from '../db/schema.js';
import { TOKEN_INVALID, unauthorized } from './errors.js';

/** The logged-in staff member behind a request (platform/auth/session.ts reads it). */
export type AuthStaff = Pick<
  Staff,
  | 'id'
  | 'code'
  | 'name'
  | 'staffType'
  | 'isPower'
  | 'isAdmin'
  | 'email'
  | 'schoolId'
  | 'whetherpass'
> & { sessionId: number };

/** What the hook asks of the sessions (platform/auth/session.ts): a token's staff member, or a 401. */
export interface SessionLookup {
  resolve(token: string): Promise<AuthStaff>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireStaff / optionalStaff. */
    staff: AuthStaff | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a live session. */
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: resolves the session when one is sent; a bad one counts as anonymous. */
    optionalStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * preHandler of file reads: like optionalStaff, and also reads the session
     * cookie, since a browser's <img> and links send no token header.
     */
    fileReader: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * The cookie that carries the session to plain browser reads of files: the
 * pictures and attachments of staff-only items are fetched by <img> and
 * links, which cannot send the token header the pages use. Only the file
 * routes read it (they only read), so it opens nothing else; HttpOnly keeps
 * it from scripts.
 */
export const FILE_COOKIE = 'school_file_session';
const FILE_COOKIE_OPTIONS = {
  path: '/api/',
  httpOnly: true,
  sameSite: 'lax',
  secure: 'auto',
} as const;

/** The old site's files (oldfile 1) open by their path under /upload/: the cookie goes there too. */
const LEGACY_COOKIE_OPTIONS = { ...FILE_COOKIE_OPTIONS, path: '/upload/' } as const;

/** Gives the browser the session for file reads (at login, and whenever it is missing). */
export function setFileCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  if (request.cookies[FILE_COOKIE] !== token) {
    void reply.setCookie(FILE_COOKIE, token, FILE_COOKIE_OPTIONS);
    void reply.setCookie(FILE_COOKIE, token, LEGACY_COOKIE_OPTIONS);
  }
}

export function clearFileCookie(reply: FastifyReply) {
  void reply.clearCookie(FILE_COOKIE, FILE_COOKIE_OPTIONS);
  void reply.clearCookie(FILE_COOKIE, LEGACY_COOKIE_OPTIONS);
}

/**
 * The token comes as `Authorization: Bearer ...` or, as the spec's pages send
 * it, in a `token` header, with the user id in `userId`. When both a token and
 * a user id are sent they must belong together.
 */
export function tokenOf(request: FastifyRequest): string | undefined {
  const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const header = request.headers.token;
  return bearer ?? (typeof header === 'string' && header ? header : undefined);
}

async function resolve(
  sessions: SessionLookup,
  request: FastifyRequest,
  token = tokenOf(request),
): Promise<AuthStaff | null> {
  if (!token) return null;
  const staff = await sessions.resolve(token);
  const claimed = request.headers.userid;
  if (typeof claimed === 'string' && claimed !== '' && claimed !== String(staff.id)) {
    throw unauthorized(TOKEN_INVALID);
  }
  return staff;
}

export const authPlugin = fp<{ sessions: SessionLookup }>(
  async (app, { sessions }) => {
    await app.register(cookie);
    app.decorateRequest('staff', null);
    // A live session sent in the header also refreshes the file cookie, so a
    // browser that logged in before it existed (or lost it) gets it back.
    app.decorate('requireStaff', async (request: FastifyRequest, reply: FastifyReply) => {
      const staff = await resolve(sessions, request);
      if (!staff) throw unauthorized(TOKEN_INVALID);
      request.staff = staff;
      setFileCookie(request, reply, tokenOf(request)!);
    });
    app.decorate('optionalStaff', async (request: FastifyRequest, reply: FastifyReply) => {
      request.staff = await resolve(sessions, request).catch(() => null);
      if (request.staff) setFileCookie(request, reply, tokenOf(request)!);
    });
    app.decorate('fileReader', async (request: FastifyRequest) => {
      const token = tokenOf(request) ?? request.cookies[FILE_COOKIE];
      request.staff = await resolve(sessions, request, token).catch(() => null);
    });
  },
  { name: 'auth' },
);

/** The staff member of a route behind requireStaff. */
export function staffOf(request: FastifyRequest): AuthStaff {
  if (!request.staff) throw unauthorized(TOKEN_INVALID);
  return request.staff;
}
