import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The longest request id taken from a client or a proxy; longer ones are cut. */
export const REQUEST_ID_MAX = 64;
const NOT_ALLOWED = /[^A-Za-z0-9._:-]/g;
const ASSIGNED = Symbol('requestId');

/**
 * A request's id: the caller's `X-Request-Id` (nginx's `$request_id`, another service's trace)
 * reduced to letters, digits and `._:-` and cut to 64 characters, so a log line can never be
 * forged or bloated through it; a new UUID when none is left. Worked out once per request
 * (the bare server's page-cache answers and Fastify's genReqId both ask).
 */
export function requestIdOf(req: IncomingMessage): string {
  const kept = (req as { [ASSIGNED]?: string })[ASSIGNED];
  if (kept) return kept;
  const header = req.headers['x-request-id'];
  const given = (Array.isArray(header) ? header[0] : header)
    ?.replace(NOT_ALLOWED, '')
    .slice(0, REQUEST_ID_MAX);
  const id = given || randomUUID();
  (req as { [ASSIGNED]?: string })[ASSIGNED] = id;
  return id;
}
