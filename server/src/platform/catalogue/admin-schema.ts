import type { FastifyInstance, FastifyRequest } from 'fastify';
import { envelopeSchema } from '../../http/envelope.js';
import { blankFields } from './route-kit.js';

/** JSON-schema pieces shared by the showcase and introduction calls of the platform. */

export { anyItem, idField } from './route-kit.js';

/** A picture's stored file; 0 (or '') clears it where the picture is optional. */
export const fileField = (message: string) =>
  ({ type: 'integer', minimum: 0, errorMessage: message }) as const;

export const SORT_FIELD = {
  type: 'integer',
  minimum: 0,
  maximum: 100000,
  errorMessage: '排序号须为0到100000的整数',
} as const;

export const ENABLED_FIELD = {
  type: 'integer',
  enum: [0, 1],
  errorMessage: 'enabled 须为 0（停用）或 1（启用）',
} as const;

export const ENABLE_TYPE_FIELD = {
  type: 'integer',
  enum: [1, 2],
  errorMessage: 'enableType 须为 1（所有人可见）或 2（仅教职工可见）',
} as const;

export const KEYWORD_FIELD = {
  type: 'string',
  maxLength: 50,
  errorMessage: '搜索内容不能超过50个字',
} as const;

export const savedSchema = (idName: string) =>
  ({ type: 'object', properties: { [idName]: { type: 'integer' } } }) as const;

/**
 * Optional numbers a form sends as '' when left empty (a cleared select, an
 * empty number box): the same as not sent.
 */
export const blankMeansAbsent = (keys: string[]) => blankFields(keys);

/**
 * A POST route of the platform: its body schema, the envelope around its
 * answer, and the optional numbers a form may send empty.
 */
export function cmsPoster(app: FastifyInstance) {
  return <Body>(
    path: string,
    summary: string,
    body: object,
    data: object,
    handler: (body: Body, request: FastifyRequest) => Promise<unknown>,
    blank: string[] = [],
  ) =>
    app.post<{ Body: Body }>(
      path,
      {
        preValidation: blankMeansAbsent(blank),
        schema: { summary, tags: ['cms'], body, response: { 200: envelopeSchema(data) } },
      },
      async (request) => handler(request.body as Body, request),
    );
}
