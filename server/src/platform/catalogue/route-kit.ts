import {
  EnabledFlag,
  Type,
  WordOf,
  type Endpoint,
  type Static,
  type TSchema,
} from '@school/common/api';
import type { TObject } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { AuthStaff } from '../auth/session.js';
import type { Direction } from './common.js';

/** Schema pieces (TypeBox) and body clean-up shared by the intranet settings' routes. */

export const idField = (message: string) => Type.Integer({ minimum: 1, errorMessage: message });

/** A settings row's enabled flag: the contract's one (common/src/api/fields.ts). */
export const ENABLED_FIELD = EnabledFlag;

export const DIRECTION_FIELD = WordOf(['up', 'down'], 'direction 须为 up（上移）或 down（下移）');

/**
 * Forms send an empty field as ''. For the fields in `absent` that means "not
 * sent" (keep the stored value); for those in `clear` it means "no value"
 * (null), e.g. a visitType taken out of an entry. Fields that are not text
 * need no `absent`: every route drops their '' (http/blank-fields.ts).
 */
export function blankFields(absent: string[], clear: string[] = []) {
  return async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    if (!body || typeof body !== 'object') return;
    for (const key of absent) if (body[key] === '') delete body[key];
    for (const key of clear) if (body[key] === '') body[key] = null;
  };
}

type Staffed<Args extends unknown[], Result> = (
  ...args: [...Args, AuthStaff, string]
) => Promise<Result>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row call's body and answer schemas
type RowEndpoint = Endpoint<TObject<any>, TSchema>;

/** A call of `rowRoutes`: its endpoint in the contract and the service method it runs. */
interface RowCall<E extends RowEndpoint, Args extends unknown[]> {
  endpoint: E;
  run: Staffed<Args, Static<E['data']> | void>;
}

/**
 * The enable, move and delete calls of one kind of row (those given), each an
 * endpoint of the contract naming the row by `idName`, registered through
 * `route()`. Enable answers what its service method answers (null for
 * nothing), move the row's group in its new order, delete null.
 */
export function rowRoutes<
  Enable extends RowEndpoint,
  Move extends RowEndpoint,
  Remove extends RowEndpoint,
>(
  app: FastifyInstance,
  idName: string,
  calls: {
    enable?: RowCall<Enable, [number, 0 | 1]>;
    move?: RowCall<Move, [number, Direction]>;
    delete?: RowCall<Remove, [number]>;
  },
) {
  type Body = Record<string, unknown>;
  const register = (
    endpoint: RowEndpoint,
    answer: (body: Body, id: number, staff: AuthStaff, ip: string) => Promise<unknown>,
  ) =>
    route(app, endpoint, async (request) => {
      const body = request.body as Body;
      return (await answer(body, body[idName] as number, staffOf(request), request.ip)) as never;
    });

  const { enable, move, delete: remove } = calls;
  if (enable) {
    register(enable.endpoint, async (body, id, staff, ip) => {
      const enabled = body.enabled as 0 | 1;
      return ok(
        (await enable.run(id, enabled, staff, ip)) ?? null,
        enabled === 1 ? '已启用' : '已停用',
      );
    });
  }
  if (move) {
    register(move.endpoint, async (body, id, staff, ip) => {
      const direction = body.direction as Direction;
      return ok(await move.run(id, direction, staff, ip), direction === 'up' ? '已上移' : '已下移');
    });
  }
  if (remove) {
    register(remove.endpoint, async (_body, id, staff, ip) => {
      await remove.run(id, staff, ip);
      return ok(null, '已删除');
    });
  }
}
