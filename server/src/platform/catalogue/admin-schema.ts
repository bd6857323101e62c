import { OneOf, Type, type Access, type Static, type TSchema } from '@school/common/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { envelopeSchema, type Envelope } from '../../http/envelope.js';
import { blankFields } from './route-kit.js';

/** Schema pieces (TypeBox) shared by the showcase and introduction calls of the platform. */

export { anyItem, idField } from './route-kit.js';

/** A picture's stored file; 0 (or '') clears it where the picture is optional. */
export const fileField = (message: string) => Type.Integer({ minimum: 0, errorMessage: message });

export const ENABLE_TYPE_FIELD = OneOf(
  [1, 2],
  'enableType 须为 1（所有人可见）或 2（仅教职工可见）',
);

export const KEYWORD_FIELD = Type.String({ maxLength: 50, errorMessage: '搜索内容不能超过50个字' });

/** What a save answers: the saved row's id under its name. */
export const savedSchema = <Name extends string>(idName: Name) =>
  Type.Object({ [idName]: Type.Integer() } as Record<Name, ReturnType<typeof Type.Integer>>);

/**
 * Optional fields a form sends as '' when left empty: the same as not sent.
 * Only text fields need it; every route drops the '' of the others
 * (http/blank-fields.ts).
 */
export const blankMeansAbsent = (keys: string[]) => blankFields(keys);

/** A JSON-schema object that is not a TypeBox schema (those take the typed overload). */
type PlainSchema = { [key: string]: unknown; '~kind'?: never; '~unsafe'?: never };

/**
 * A POST route of the platform (tag cms): its body schema and the envelope
 * around its answer. With TypeBox schemas of the contract (common/src/api),
 * the handler's body is the body schema's type and its answer is checked
 * against the answer schema; plain JSON-schema objects still work, the body
 * then typed by the caller. `blank`: text fields a form may send empty, the
 * same as not sent.
 */
export interface CmsPost {
  <Body extends TSchema, Data extends TSchema>(
    path: string,
    access: Access,
    summary: string,
    body: Body,
    data: Data,
    handler: (body: Static<Body>, request: FastifyRequest) => Promise<Envelope<Static<Data>>>,
    blank?: string[],
  ): void;
  /** Plain JSON schemas (not yet in the contract): the caller names the body's type. */
  <Body>(
    path: string,
    access: Access,
    summary: string,
    body: PlainSchema,
    data: object,
    handler: (body: Body, request: FastifyRequest) => Promise<unknown>,
    blank?: string[],
  ): void;
}

export function cmsPoster(app: FastifyInstance): CmsPost {
  return (
    path: string,
    access: Access,
    summary: string,
    body: object,
    data: object,
    handler: (body: never, request: FastifyRequest) => Promise<unknown>,
    blank: string[] = [],
  ) => {
    app.post(
      path,
      {
        config: { access },
        ...(blank.length ? { preValidation: blankMeansAbsent(blank) } : {}),
        schema: { summary, tags: ['cms'], body, response: { 200: envelopeSchema(data) } },
      },
      async (request) => handler(request.body as never, request),
    );
  };
}
