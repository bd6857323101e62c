import { OneOf, Type, type Access, type Static, type TSchema } from '@school/common/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/contract.js';
import type { Envelope } from '../../http/envelope.js';
import { blankFields } from './route-kit.js';

/** Schema pieces (TypeBox) shared by the showcase and introduction calls of the platform. */

export { idField } from './route-kit.js';

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

/**
 * A POST route of the platform (tag cms) given by its parts: the body schema
 * and the answer's, registered through `route()` as every call is. Kept only
 * for the introduction's admin routes (modules/intro/admin-routes.ts), whose
 * calls are now endpoints of the contract (`introAdminCalls`): they move to
 * `route(app, introAdminCalls.x, ...)` and this goes. `blank`: text fields a
 * form may send empty, the same as not sent.
 */
export type CmsPost = <Body extends TSchema, Data extends TSchema>(
  path: string,
  access: Access,
  summary: string,
  body: Body,
  data: Data,
  handler: (body: Static<Body>, request: FastifyRequest) => Promise<Envelope<Static<Data>>>,
  blank?: string[],
) => void;

export function cmsPoster(app: FastifyInstance): CmsPost {
  return (path, access, summary, body, data, handler, blank = []) => {
    const endpoint = { path, access, summary, body, data, tag: 'cms' };
    const hooks = blank.length ? { preValidation: blankMeansAbsent(blank) } : {};
    route(app, endpoint, hooks, async (request) =>
      handler(request.body as Static<typeof body>, request),
    );
  };
}
