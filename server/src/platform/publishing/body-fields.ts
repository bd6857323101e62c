import { badRequest } from '../../http/errors.js';
import type { SensitiveConsent } from '../content/sensitive-words.js';

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

/**
 * What a review step (cms.ts) says about sensitive words: `confirmSensitive`
 * '1' confirms (absent, '' or '0' does not); `sensitiveReason` the reason for
 * publishing despite 提醒 words (absent or '': none).
 */
export function consentIn(body: unknown): SensitiveConsent {
  const reason = fieldOf(body, 'sensitiveReason');
  return {
    confirmed: fieldOf(body, 'confirmSensitive') === '1',
    reason: typeof reason === 'string' ? reason : '',
  };
}
