import type { FastifyRequest } from 'fastify';

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
