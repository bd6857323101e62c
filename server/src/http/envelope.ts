import type { FastifyReply } from 'fastify';
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

/**
 * `ok` for an answer that stays the same object while it does not change (the home page's
 * news box, kept between content changes and counter changes): its envelope and JSON are
 * made once per data object and sent as they are, so a 21 KB answer is not serialized on
 * every request. One per route: the JSON is written by that route's response schema. The
 * preSerialization hooks still see the envelope (tests check every answer's fields there).
 */
export function keptOk<T extends object>() {
  const kept = new WeakMap<T, { answer: Envelope<T>; json?: string }>();
  return (reply: FastifyReply, data: T): Envelope<T> => {
    let entry = kept.get(data);
    if (!entry) kept.set(data, (entry = { answer: ok(data) }));
    const made = entry;
    made.json ??= reply.serialize(made.answer) as string;
    reply.type('application/json; charset=utf-8').serializer(() => made.json!);
    return made.answer;
  };
}
