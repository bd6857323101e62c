import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { envelopeSchema, nullSchema, ok } from '../../http/envelope.js';
import type { AuthStaff } from '../auth/session.js';
import type { Direction } from './common.js';

/** Schema pieces and body clean-up shared by the intranet settings' routes. */

export const idField = (message: string) =>
  ({ type: 'integer', minimum: 1, errorMessage: message }) as const;

export const ENABLED_FIELD = {
  type: 'integer',
  enum: [0, 1],
  errorMessage: 'enabled 须为 1（启用）或 0（停用）',
} as const;

export const SORT_FIELD = {
  type: 'integer',
  minimum: -100000,
  maximum: 100000,
  errorMessage: '排序号须为整数',
} as const;

export const DIRECTION_FIELD = {
  type: 'string',
  enum: ['up', 'down'],
  errorMessage: 'direction 须为 up（上移）或 down（下移）',
} as const;

export const anyItem = { type: 'object', additionalProperties: true } as const;
export const itemList = { type: 'array', items: anyItem } as const;

/**
 * Forms send an empty field as ''. For the fields in `absent` that means "not
 * sent" (keep the stored value); for those in `clear` it means "no value"
 * (null), e.g. a visitType taken out of an entry.
 */
export function blankFields(absent: string[], clear: string[] = []) {
  return async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    if (!body || typeof body !== 'object') return;
    for (const key of absent) if (body[key] === '') delete body[key];
    for (const key of clear) if (body[key] === '') body[key] = null;
  };
}

type Staffed<Args extends unknown[]> = (...args: [...Args, AuthStaff, string]) => Promise<unknown>;

/** A call of `rowRoutes`: what the API page says it does, and the service method it runs. */
interface RowCall<Args extends unknown[]> {
  summary: string;
  run: Staffed<Args>;
}

/** How `rowRoutes` names a row and, where a part says it otherwise, checks and answers. */
export interface RowSchemas {
  idName: string;
  id: object;
  /** ENABLED_FIELD and DIRECTION_FIELD unless given. */
  enabled?: object;
  direction?: object;
  /** What enable and move answer: null and the group (itemList) unless given. */
  enableAnswer?: object;
  moveAnswer?: object;
}

/**
 * The `${base}/enable`, `${base}/move` and `${base}/delete` calls of one kind
 * of row (those given), each naming the row by `idName`. Enable answers what
 * its service method answers (null for nothing), move the row's group in its
 * new order, delete null.
 */
export function rowRoutes(
  app: FastifyInstance,
  base: string,
  row: RowSchemas,
  calls: {
    enable?: RowCall<[number, 0 | 1]>;
    move?: RowCall<[number, Direction]>;
    delete?: RowCall<[number]>;
  },
) {
  const post = <Body>(
    name: string,
    summary: string,
    extra: Record<string, object>,
    data: object,
    answer: (body: Body, id: number, staff: AuthStaff, ip: string) => Promise<unknown>,
  ) =>
    app.post(
      `${base}/${name}`,
      {
        schema: {
          summary,
          tags: ['cms'],
          body: {
            type: 'object',
            required: [row.idName, ...Object.keys(extra)],
            properties: { [row.idName]: row.id, ...extra },
          },
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
    post<{ enabled: 0 | 1 }>('enable', enable.summary, fields, data, async (body, id, staff, ip) =>
      ok(
        (await enable.run(id, body.enabled, staff, ip)) ?? null,
        body.enabled === 1 ? '已启用' : '已停用',
      ),
    );
  }
  if (move) {
    const fields = { direction: row.direction ?? DIRECTION_FIELD };
    const data = row.moveAnswer ?? itemList;
    post<{ direction: Direction }>(
      'move',
      move.summary,
      fields,
      data,
      async (body, id, staff, ip) =>
        ok(
          await move.run(id, body.direction, staff, ip),
          body.direction === 'up' ? '已上移' : '已下移',
        ),
    );
  }
  if (remove) {
    post('delete', remove.summary, {}, nullSchema, async (_body, id, staff, ip) => {
      await remove.run(id, staff, ip);
      return ok(null, '已删除');
    });
  }
}
