import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import {
  Envelope,
  type Call,
  type Endpoint,
  type RawEndpoint,
  type RawParts,
  type Static,
  type TSchema,
} from '@school/common/api';
import type { Envelope as Answer } from './envelope.js';

interface RouteMeta {
  summary: string;
  tags: string[];
}

/**
 * The route schema of one call of the contract (common/src/api): its body and
 * its answer in the envelope, with the summary and tags the API page shows.
 * Fastify validates the body with it and writes the answer by it (fields it
 * does not describe are left out); the TypeBox type provider types the
 * handler's body and answer from it.
 */
export function routeSchema<Body extends TSchema, Data extends TSchema>(
  contract: Call<Body, Data>,
  meta: RouteMeta,
): RouteMeta & { body: Body; response: { 200: ReturnType<typeof Envelope<Data>> } };
export function routeSchema<Data extends TSchema>(
  contract: Call<undefined, Data>,
  meta: RouteMeta,
): RouteMeta & { response: { 200: ReturnType<typeof Envelope<Data>> } };
export function routeSchema(contract: Call<TSchema | undefined, TSchema>, meta: RouteMeta) {
  return {
    ...meta,
    ...(contract.body ? { body: contract.body } : {}),
    response: { 200: Envelope(contract.data) },
  };
}

/**
 * What a route may add to its endpoint: the hooks that run before the handler,
 * and the words of the door's refusal where the route has its own
 * (http/access.ts; the rule itself is the endpoint's `access`).
 */
export type RouteHooks = Pick<
  RouteShorthandOptions,
  'onRequest' | 'preValidation' | 'preHandler'
> & {
  refusal?: string;
  /** A file or event stream a browser opens itself: the session may come in its cookie. */
  sessionCookie?: boolean;
};

type BodyStatic<Body> = Body extends TSchema ? Static<Body> : undefined;

/** A handler of an endpoint: its body and its answer typed by the contract. */
export type EndpointHandler<Body extends TSchema | undefined, Data extends TSchema> = (
  request: FastifyRequest<{ Body: BodyStatic<Body> }>,
  reply: FastifyReply,
) => Promise<Answer<Static<Data>>>;

type PartStatic<S> = S extends TSchema ? Static<S> : unknown;

/** A handler of a streamed route: its path and query typed by the contract; it answers itself. */
export type RawHandler<Parts extends RawParts> = (
  request: FastifyRequest<{
    Params: PartStatic<Parts['params']>;
    Querystring: PartStatic<Parts['query']>;
  }>,
  reply: FastifyReply,
) => Promise<unknown>;

/**
 * Registers one endpoint of the contract: POST to its path, its body
 * validated and its answer written by its schemas, filed under its tag, and
 * the endpoint's access rule kept at the door (http/access.ts). A streamed
 * endpoint (`rawEndpoint`: uploads, files, event streams) is registered the
 * same way with its method, path and query schemas, its multipart form on the
 * API page (the handler reads the parts as they stream in) and, for files and
 * streams, the type it answers instead of an envelope.
 */
export function route<Data extends TSchema, Parts extends RawParts>(
  app: FastifyInstance,
  endpoint: RawEndpoint<Data, string, Parts>,
  ...rest: [RawHandler<Parts>] | [RouteHooks, RawHandler<Parts>]
): void;
export function route<Body extends TSchema | undefined, Data extends TSchema>(
  app: FastifyInstance,
  endpoint: Endpoint<Body, Data>,
  ...rest: [EndpointHandler<Body, Data>] | [RouteHooks, EndpointHandler<Body, Data>]
): void;
export function route(
  app: FastifyInstance,
  endpoint: Endpoint<TSchema | undefined, TSchema> | RawEndpoint<TSchema>,
  ...rest: [unknown] | [RouteHooks, unknown]
) {
  const [{ refusal, sessionCookie, ...hooks }, handler] = (
    rest.length === 1 ? [{}, rest[0]] : rest
  ) as [RouteHooks, RouteHandlerMethod];
  const meta = { summary: endpoint.summary, tags: [endpoint.tag ?? 'api'] };
  const config = { access: endpoint.access, refusal, sessionCookie };
  if (!('raw' in endpoint)) {
    const schema = routeSchema(endpoint as Call<TSchema, TSchema>, meta);
    app.post(endpoint.path, { ...hooks, config, schema }, handler);
    return;
  }
  const { method = 'POST', params, query, form, produces } = endpoint.parts;
  const schema = {
    ...meta,
    ...(params ? { params } : {}),
    ...(query ? { querystring: query } : {}),
    ...(form ? { consumes: ['multipart/form-data'], body: form } : {}),
    response: {
      200: produces
        ? { content: { [produces]: { schema: { type: 'string', format: 'binary' } } } }
        : Envelope(endpoint.data),
    },
  };
  const preValidation = form
    ? [streamedBody, ...[hooks.preValidation ?? []].flat()]
    : hooks.preValidation;
  app.route({
    method,
    url: endpoint.path,
    ...hooks,
    ...(preValidation ? { preValidation } : {}),
    config,
    schema,
    handler,
  });
}

/**
 * A multipart body is not parsed (the handler reads its parts as a stream):
 * the form's schema, which describes it for the API page, checks an empty one.
 */
async function streamedBody(request: FastifyRequest) {
  request.body ??= {};
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

const kinds = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type : [schema.type]);

/** Paths in `value` that `schema` does not describe (answers would silently lose them). */
export function undeclaredFields(
  value: unknown,
  schema: JsonSchema | undefined,
  path = '',
): string[] {
  if (!schema || value === null || typeof value !== 'object') return [];
  if (schema.anyOf) {
    const fitting = schema.anyOf.filter((branch) =>
      Array.isArray(value) ? kinds(branch).includes('array') : kinds(branch).includes('object'),
    );
    const results = fitting.map((branch) => undeclaredFields(value, branch, path));
    return results.find((found) => found.length === 0) ?? results[0] ?? [];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, index) =>
      undeclaredFields(item, schema.items, `${path}[${index}]`),
    );
  }
  if (!schema.properties || schema.additionalProperties === true) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, field]) => {
    if (field === undefined) return [];
    const own = schema.properties![key];
    return own ? undeclaredFields(field, own, `${path}.${key}`) : [`${path}.${key}`];
  });
}

/**
 * In tests (CHECK_RESPONSES): an answer holding a field its schema does not
 * describe fails loudly instead of losing the field, so every schema is proved
 * complete by the calls the suites make.
 */
export function checkResponses(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const responses = request.routeOptions.schema?.response as
      Record<string, JsonSchema> | undefined;
    const schema = responses?.[reply.statusCode] ?? responses?.['2xx'];
    const extra = undeclaredFields(payload, schema);
    if (extra.length) {
      // The route's pattern, not the address: an address may carry a token or a share code.
      const message = `${request.method} ${request.routeOptions.url}: answer fields not in the schema: ${extra.slice(0, 10).join(', ')}`;
      console.error(message);
      throw new Error(message);
    }
    return payload;
  });
}
