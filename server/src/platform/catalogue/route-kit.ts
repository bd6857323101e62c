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
import { route, type RouteHooks } from '../../http/contract.js';
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

/** A form's id field where 0 means "none": left out keeps the stored value, 0 clears it. */
export const zeroClears = (id: number | null | undefined): number | null | undefined =>
  id === undefined ? undefined : id || null;

type SaveStep<Body extends TSchema> = (
  body: Static<Body>,
  staff: AuthStaff,
  ip: string,
) => Promise<number>;

/**
 * The save call of one kind of row: `save` maps the body's spec names to the
 * service's input and saves in the caller's name; the answer holds the saved
 * row's id under `idName`. Hooks come before the step, as with `route()`.
 */
export function saveRoute<Body extends TSchema, Data extends TSchema>(
  app: FastifyInstance,
  endpoint: Endpoint<Body, Data>,
  idName: string,
  ...rest: [SaveStep<Body>] | [RouteHooks, SaveStep<Body>]
) {
  const [hooks, save] = rest.length === 1 ? [{}, rest[0]] : rest;
  route(app, endpoint, hooks, async (request) => {
    const id = await save(request.body as Static<Body>, staffOf(request), request.ip);
    return ok({ [idName]: id } as Static<Data>, '保存成功');
  });
}

type Staffed<Args extends unknown[], Result> = (
  ...args: [...Args, AuthStaff, string]
) => Promise<Result>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row call's body and answer schemas
type RowEndpoint = Endpoint<TObject<any>, TSchema>;

/**
 * The row steps of a service that `rowRoutes` registers (those it has): each
 * answers what its endpoint's answer holds (move: the row's group in its new
 * order).
 */
interface RowSteps<Enable extends RowEndpoint, Move extends RowEndpoint> {
  setEnabled?: Staffed<[number, 0 | 1], Static<Enable['data']> | void>;
  move?: Staffed<[number, Direction], Static<Move['data']> | void>;
  remove?: Staffed<[number], unknown>;
}

/**
 * The enable, move and delete calls of one kind of row (the endpoints given),
 * each an endpoint of the contract naming the row by `idName`, registered
 * through `route()` and running the step of `steps` of its name. Enable
 * answers what its step answers (null for nothing), move the row's group in
 * its new order, delete null.
 */
export function rowRoutes<Enable extends RowEndpoint, Move extends RowEndpoint>(
  app: FastifyInstance,
  idName: string,
  steps: RowSteps<Enable, Move>,
  calls: { enable?: Enable; move?: Move; delete?: RowEndpoint },
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

  const step = <K extends keyof RowSteps<Enable, Move>>(name: K) => {
    const run = steps[name];
    if (!run) throw new Error(`rowRoutes: ${idName} has no ${name} step`);
    return run.bind(steps) as NonNullable<RowSteps<Enable, Move>[K]>;
  };
  if (calls.enable) {
    const setEnabled = step('setEnabled');
    register(calls.enable, async (body, id, staff, ip) => {
      const enabled = body.enabled as 0 | 1;
      return ok(
        (await setEnabled(id, enabled, staff, ip)) ?? null,
        enabled === 1 ? '已启用' : '已停用',
      );
    });
  }
  if (calls.move) {
    const move = step('move');
    register(calls.move, async (body, id, staff, ip) => {
      const direction = body.direction as Direction;
      return ok(await move(id, direction, staff, ip), direction === 'up' ? '已上移' : '已下移');
    });
  }
  if (calls.delete) {
    const remove = step('remove');
    register(calls.delete, async (_body, id, staff, ip) => {
      await remove(id, staff, ip);
      return ok(null, '已删除');
    });
  }
}
