import type { Envelope } from '@school/common/api';

/** The response shape of every API call (common/src/api/shared.ts): status 0 is success. */
export type { Envelope };

export function ok<T>(data: T, msg = '成功'): Envelope<T> {
  return { status: 0, msg, data };
}

/** JSON schema of the envelope around a data schema, for route `response` declarations. */
export function envelopeSchema(data: object = {}) {
  return {
    type: 'object',
    required: ['status', 'msg', 'data'],
    properties: {
      status: { type: 'integer' },
      msg: { type: 'string' },
      data,
    },
  } as const;
}

export const nullSchema = { type: 'null' } as const;
