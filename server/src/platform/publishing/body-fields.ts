import { badRequest } from '../../http/errors.js';

/**
 * Reading the fields of a body the route's schema has already checked, in the
 * route builders that serve several kinds of item (the id is newId, videoId,
 * wwfzId ... by kind, so its type is not known where the builder is written).
 * Read without a cast: a field that is not what the schema promised is a
 * 400, never a wrong value passed on.
 */
function fieldOf(body: unknown, name: string): unknown {
  return body !== null && typeof body === 'object'
    ? (Reflect.get(body, name) as unknown)
    : undefined;
}

export function integerIn(body: unknown, name: string): number {
  const value = fieldOf(body, name);
  if (typeof value !== 'number' || !Number.isInteger(value)) throw badRequest(`${name} 不正确`);
  return value;
}

export function textIn(body: unknown, name: string): string {
  const value = fieldOf(body, name);
  if (typeof value !== 'string') throw badRequest(`${name} 不正确`);
  return value;
}

/** A review step's `confirmSensitive` (cms.ts): '1' confirms; absent, '' or '0' does not. */
export function confirmedIn(body: unknown): boolean {
  return fieldOf(body, 'confirmSensitive') === '1';
}
