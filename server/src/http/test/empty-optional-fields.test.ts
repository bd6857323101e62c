import * as api from '@school/common/api';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AJV } from '../../app.js';
import { blankMeansNotGiven } from '../blank-fields.js';

interface BodySchema {
  properties?: Record<string, unknown>;
  required?: string[];
}
interface AnyEndpoint {
  path: string;
  body?: BodySchema;
}

/** Every call of the contract that has its own route, with its body. */
const endpoints: AnyEndpoint[] = (Object.values(api) as unknown[])
  .filter((value): value is Record<string, unknown> => typeof value === 'object' && value !== null)
  .flatMap((group) => Object.values(group))
  .filter(
    (value): value is AnyEndpoint =>
      typeof value === 'object' &&
      value !== null &&
      typeof (value as AnyEndpoint).path === 'string',
  );

/**
 * The original pages send every field they have no value for as '': for every
 * optional field of every call, '' is never a validation failure of that
 * field: it is "not given" (or, for a text field, its value). Checked with the
 * server's own body checking (its Ajv options and the blank-field rule) on
 * each call's schema, reading every failure, not only the first one shown.
 */
describe("'' in an optional field, on every call", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ ajv: AJV });
    blankMeansNotGiven(app);
    app.setErrorHandler((error, _request, reply) => {
      const items = (error as { validation?: Array<{ instancePath: string }> }).validation ?? [];
      return reply.code(400).send({ fields: items.map((item) => item.instancePath) });
    });
    for (const [i, endpoint] of endpoints.entries()) {
      if (!endpoint.body?.properties) continue;
      app.post(`/${i}`, { schema: { body: endpoint.body } }, async () => ({ fields: [] }));
    }
    await app.ready();
  });
  afterAll(() => app?.close());

  it('covers the contract', () => {
    expect(endpoints.length).toBeGreaterThan(90);
  });

  it('is never refused as that field’s mistake', async () => {
    const refused: string[] = [];
    let checked = 0;
    for (const [i, endpoint] of endpoints.entries()) {
      const required = new Set(endpoint.body?.required ?? []);
      for (const field of Object.keys(endpoint.body?.properties ?? {})) {
        if (required.has(field)) continue;
        checked++;
        // As JSON, the way the JSON clients send it (the form parser gives the same strings).
        const res = await app.inject({ method: 'POST', url: `/${i}`, payload: { [field]: '' } });
        expect([200, 400], `${endpoint.path} ${field}`).toContain(res.statusCode);
        const { fields } = res.json() as { fields: string[] };
        if (fields.includes(`/${field}`)) refused.push(`${endpoint.path} ${field}=''`);
      }
    }
    expect(checked).toBeGreaterThan(150);
    expect(refused).toEqual([]);
  });
});
