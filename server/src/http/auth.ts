import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOKEN_INVALID, unauthorized } from './errors.js';
import type { AuthStaff, SessionStore } from '../modules/auth/session.js';

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
  }
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

async function resolve(sessions: SessionStore, request: FastifyRequest): Promise<AuthStaff | null> {
  const token = tokenOf(request);
  if (!token) return null;
  const staff = await sessions.resolve(token);
  const claimed = request.headers.userid;
  if (typeof claimed === 'string' && claimed !== '' && claimed !== String(staff.id)) {
    throw unauthorized(TOKEN_INVALID);
  }
  return staff;
}

export const authPlugin = fp<{ sessions: SessionStore }>(
  async (app, { sessions }) => {
    app.decorateRequest('staff', null);
    app.decorate('requireStaff', async (request: FastifyRequest) => {
      const staff = await resolve(sessions, request);
      if (!staff) throw unauthorized(TOKEN_INVALID);
      request.staff = staff;
    });
    app.decorate('optionalStaff', async (request: FastifyRequest) => {
      request.staff = await resolve(sessions, request).catch(() => null);
    });
  },
  { name: 'auth' },
);

/** The staff member of a route behind requireStaff. */
export function staffOf(request: FastifyRequest): AuthStaff {
  if (!request.staff) throw unauthorized(TOKEN_INVALID);
  return request.staff;
}
