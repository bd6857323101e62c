import {
  EnabledFlag,
  Type,
  WordOf,
  type Access,
  type Static,
  type TSchema,
} from '@school/common/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { envelopeSchema, nullSchema, ok } from '../../http/envelope.js';
import type { AuthStaff } from '../auth/session.js';
import type { Direction } from './common.js';

/** Schema pieces (TypeBox) and body clean-up shared by the intranet settings' routes. */

export const idField = (message: string) => Type.Integer({ minimum: 1, errorMessage: message });

/** A settings row's enabled flag: the contract's one (common/src/api/fields.ts). */
export const ENABLED_FIELD = EnabledFlag;

export const DIRECTION_FIELD = WordOf(['up', 'down'], 'direction 须为 up（上移）或 down（下移）');

/**
 * Any object, any list of objects: for answers not yet described by the
 * contract (common/src/api). A described answer lists its fields instead.
 */
export const anyItem = { type: 'object', additionalProperties: true } as const;
export const itemList = { type: 'array', items: anyItem } as const;

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

/**
 * A call of `rowRoutes`: who may make it, what the API page says it does, and
 * the service method it runs.
 */
interface RowCall<Args extends unknown[], Result = unknown> {
  access: Access;
  summary: string;
  run: Staffed<Args, Result>;
}

/**
 * What a described answer holds: the schema's type for a TypeBox schema of the
 * contract; anything for a plain JSON-schema object (not checked).
 */
type AnswerOf<S> = S extends { '~kind': string } | { '~unsafe': unknown } ? Static<S> : unknown;

/** How `rowRoutes` names a row and, where a part says it otherwise, checks and answers. */
export interface RowSchemas<
  EnableAnswer extends object = object,
  MoveAnswer extends object = object,
> {
  idName: string;
  id: TSchema;
  /** ENABLED_FIELD and DIRECTION_FIELD unless given. */
  enabled?: TSchema;
  direction?: TSchema;
  /**
   * What enable and move answer (schemas of the contract): null, and any list
   * (itemList) unless given. The services' answers are checked against them.
   */
  enableAnswer?: EnableAnswer;
  moveAnswer?: MoveAnswer;
}

/**
 * The `${base}/enable`, `${base}/move` and `${base}/delete` calls of one kind
 * of row (those given), each naming the row by `idName`. Enable answers what
 * its service method answers (null for nothing), move the row's group in its
 * new order, delete null.
 */
export function rowRoutes<EnableAnswer extends object = object, MoveAnswer extends object = object>(
  app: FastifyInstance,
  base: string,
  row: RowSchemas<EnableAnswer, MoveAnswer>,
  calls: {
    enable?: RowCall<[number, 0 | 1], AnswerOf<EnableAnswer> | void>;
    move?: RowCall<[number, Direction], AnswerOf<MoveAnswer>>;
    delete?: RowCall<[number]>;
  },
) {
  const post = <Body>(
    name: string,
    { access, summary }: { access: Access; summary: string },
    extra: Record<string, TSchema>,
    data: object,
    answer: (body: Body, id: number, staff: AuthStaff, ip: string) => Promise<unknown>,
  ) =>
    app.post(
      `${base}/${name}`,
      {
        config: { access },
        schema: {
          summary,
          tags: ['cms'],
          body: Type.Object({ [row.idName]: row.id, ...extra }),
          response: { 200: envelopeSchema(data) },
        },
      },
      async (request: FastifyRequest) => {
        const body = request.body as Body & Record<string, unknown>;
        return answer(body, body[row.idName] as number, staffOf(request), request.ip);
      },
    );

  const { enable, move, delete: remove } = calls;
  if (enable) {
    const fields = { enabled: row.enabled ?? ENABLED_FIELD };
    const data = row.enableAnswer ?? nullSchema;
    post<{ enabled: 0 | 1 }>('enable', enable, fields, data, async (body, id, staff, ip) =>
      ok(
        (await enable.run(id, body.enabled, staff, ip)) ?? null,
        body.enabled === 1 ? '已启用' : '已停用',
      ),
    );
  }
  if (move) {
    const fields = { direction: row.direction ?? DIRECTION_FIELD };
    const data = row.moveAnswer ?? itemList;
    post<{ direction: Direction }>('move', move, fields, data, async (body, id, staff, ip) =>
      ok(
        await move.run(id, body.direction, staff, ip),
        body.direction === 'up' ? '已上移' : '已下移',
      ),
    );
  }
  if (remove) {
    post('delete', remove, {}, nullSchema, async (_body, id, staff, ip) => {
      await remove.run(id, staff, ip);
      return ok(null, '已删除');
    });
  }
}
