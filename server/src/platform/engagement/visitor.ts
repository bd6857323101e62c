import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { VISITOR_COOKIE } from '@school/common';

/** A visitor cookie the pages make: random, URL-safe, 16 to 64 characters. */
const VISITOR_VALUE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Who is viewing, for counting views once per visitor and day, or null for a
 * crawler (isbot on the User-Agent; no User-Agent at all counts as one, as
 * no browser sends none). A logged-in reader is their staff id, so the
 * page's view call and the spec's footprint call count them once together;
 * otherwise the visitor cookie the page sets before its first view call
 * (web/app/lib/visitor.ts); without one (cookies off, a script) the address
 * and browser together. Only a hash is kept, never the address.
 */
export function visitorOf(request: FastifyRequest): string | null {
  const agent = request.headers['user-agent'] ?? '';
  if (!agent || isbot(agent)) return null;
  const cookie = request.cookies[VISITOR_COOKIE];
  const key = request.staff
    ? `staff:${request.staff.id}`
    : cookie && VISITOR_VALUE.test(cookie)
      ? `cookie:${cookie}`
      : `address:${request.ip}|${agent}`;
  return visitorHash(key);
}

/** The key of a logged-in reader (the spec's footprint and play calls). */
export const staffVisitor = (staffId: number) => visitorHash(`staff:${staffId}`);

const visitorHash = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);
