import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

interface PropertySchema {
  type?: string | string[];
  anyOf?: PropertySchema[];
  pattern?: string;
  minLength?: number;
  enum?: unknown[];
}

/**
 * A text field that '' cannot fill (a date, a code, one of a few words):
 * optional, '' is "not given" too.
 */
const refusesBlank = (schema: PropertySchema | undefined): boolean =>
  Boolean(schema) &&
  schema!.type === 'string' &&
  ((schema!.minLength ?? 0) > 0 ||
    (schema!.enum !== undefined && !schema!.enum.includes('')) ||
    (schema!.pattern !== undefined && !new RegExp(schema!.pattern).test('')));

/**
 * Whether '' already means something for a field: a value of its own where the
 * field takes text (a cleared text), or null where it takes null (Ajv turns ''
 * into null there: a cleared picture or link).
 */
const blankHasMeaning = (schema: PropertySchema | undefined): boolean => {
  if (!schema) return true;
  if (schema.anyOf) return schema.anyOf.some(blankHasMeaning);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('string') || types.includes('null') || schema.type === undefined;
};

/**
 * The spec's pages post forms and send a field they have no value for as an
 * empty string: for a field that can hold neither text nor null (ids,
 * numbers, flags, lists), and for an optional text field that '' cannot fill
 * (a date, a code, one of a few words), '' means "not given". Every route with a body
 * schema drops such fields before validation, so defaults apply and filters are left out, instead of
 * refusing the call. Runs after a route's own preValidation (which may turn
 * '' into null where it means "clear").
 */
export function blankMeansNotGiven(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const body = route.schema?.body as
      { properties?: Record<string, PropertySchema>; required?: string[] } | undefined;
    const properties = body?.properties;
    if (!properties) return;
    const required = new Set(body?.required ?? []);
    const numeric = Object.keys(properties).filter(
      (key) =>
        !blankHasMeaning(properties[key]) || (!required.has(key) && refusesBlank(properties[key])),
    );
    if (!numeric.length) return;
    const drop = async (request: FastifyRequest) => {
      const payload = request.body as Record<string, unknown> | null | undefined;
      if (!payload || typeof payload !== 'object') return;
      for (const key of numeric) if (payload[key] === '') delete payload[key];
    };
    const own = route.preValidation;
    route.preValidation = own ? [...(Array.isArray(own) ? own : [own]), drop] : [drop];
  });
}
