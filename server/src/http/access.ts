import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { ACCESS_RULES, CALLER_KEYWORD, type Access } from '@school/common/api';
import { AppError, TOKEN_INVALID } from './errors.js';
import { passesAccess, ROLE_REFUSALS } from './roles.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route (common/src/api/shared.ts `Access`). Every route
     * under /api declares it: the app refuses to start without it.
     */
    access?: Access;
    /** The door's 403 where the route words its role's refusal its own way. */
    refusal?: string;
    /**
     * The session may come in the file cookie as well as the header: reads a
     * link, a player or an EventSource opens, which cannot send the header.
     */
    sessionCookie?: boolean;
    /**
     * The body's fields that carry the caller's own id (`CallerId` in the
     * contract), with the refusal of another's: read from the route's schema
     * when it is registered, checked by the gate.
     */
    callerFields?: CallerField[];
  }
  interface FastifyInstance {
    /** Every route under /api with its declared rule, in the order registered. */
    routeAccess: RouteAccess[];
  }
}

export interface RouteAccess {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  access: Access;
}

export interface CallerField {
  name: string;
  refusal: string;
}

interface BodySchema {
  properties?: Record<string, Record<string, unknown>>;
  anyOf?: BodySchema[];
}

/** The fields of a body schema marked as the caller's own id, with their refusals. */
export function callerFieldsOf(schema: BodySchema | undefined): CallerField[] {
  if (!schema) return [];
  const found = new Map<string, string>();
  for (const branch of [schema, ...(schema.anyOf ?? [])]) {
    for (const [name, field] of Object.entries(branch.properties ?? {})) {
      const refusal = field[CALLER_KEYWORD];
      if (typeof refusal === 'string') found.set(name, refusal);
    }
  }
  return [...found].map(([name, refusal]) => ({ name, refusal }));
}

/** A refusal by the door (the route's declared rule), not by the service behind it. */
export class AccessRefusal extends AppError {
  constructor(statusCode: 401 | 403, message: string) {
    super(statusCode, message);
    this.name = 'AccessRefusal';
  }
}

const isAccess = (value: unknown): value is Access =>
  typeof value === 'string' && (ACCESS_RULES as readonly string[]).includes(value);

/**
 * Every route declares who may call it (issue 16), and the rule is kept here,
 * in one place, before the route's own hooks and before its body is read:
 *
 * - a route under /api without a rule stops the app from starting (onRoute);
 * - staff, owner and role rules need a live session: none answers 401 with
 *   the session's message (token错误 / 登录过期 …), as requireStaff did;
 * - role rules (content, system, drive administrator) answer a staff member
 *   without the role 403 with the role's message (or the route's own);
 * - public and linkedSystem routes pass: the first may read a session itself
 *   (optionalStaff), the second checks the calling system's key itself;
 * - a body field the contract marks as the caller's own id (`CallerId`:
 *   userId, staffId, idRoleSend as the original pages send them) must be the
 *   session's when it is sent: another's is refused 403 once the body is read
 *   and checked, before any handler runs. No service checks it again.
 *
 * The finer checks of the owner rule (the item's creator, a mail's parties, a
 * leave request's approvers) stay in the services, which know the item.
 */
export const accessPlugin = fp(
  async (app) => {
    app.decorate('routeAccess', [] as RouteAccess[]);

    app.addHook('onRoute', (route) => {
      if (!/^\/api(\/|$)/.test(route.url)) return;
      const access = route.config?.access;
      if (!isAccess(access)) {
        const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
        throw new Error(
          `${method} ${route.url}: no access rule; declare config.access (${ACCESS_RULES.join(' | ')})`,
        );
      }
      app.routeAccess.push({ method: route.method, url: route.url, access });
      const callerFields = callerFieldsOf(route.schema?.body as BodySchema | undefined);
      if (callerFields.length) route.config = { ...route.config, callerFields };
    });

    app.addHook('preHandler', async (request: FastifyRequest) => {
      const { callerFields } = request.routeOptions.config;
      if (!callerFields || !request.staff) return;
      const body = request.body as Record<string, unknown> | null | undefined;
      for (const { name, refusal } of callerFields) {
        const claimed = body?.[name];
        if (claimed !== undefined && claimed !== request.staff.id) {
          throw new AccessRefusal(403, refusal);
        }
      }
    });

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const { access, refusal, sessionCookie } = request.routeOptions.config;
      if (!access || access === 'public' || access === 'linkedSystem') return;
      if (sessionCookie) {
        await app.fileReader(request, reply);
        if (!request.staff) throw new AccessRefusal(401, TOKEN_INVALID);
      } else {
        try {
          await app.requireStaff(request, reply);
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 401) {
            throw new AccessRefusal(401, err.message);
          }
          throw err;
        }
      }
      if (!passesAccess(access, request.staff!)) {
        throw new AccessRefusal(403, refusal ?? ROLE_REFUSALS[access] ?? '没有权限进行此操作');
      }
    });
  },
  { name: 'access', dependencies: ['auth'] },
);
