import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { forbidden } from './errors.js';

export const CROSS_SITE_REFUSAL = '不接受来自其他网站的请求，请在本站页面中操作';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether `origin` (an Origin header) names the host the request was sent to. */
function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * A browser's cross-site POST, PUT, PATCH or DELETE to the API is refused
 * (403), whatever it carries: a form on another site could otherwise log a
 * visitor in, or act with the session cookie of file reads. Browsers say
 * where a request comes from in Sec-Fetch-Site (every current one), older
 * ones in Origin, compared with the host it was sent to; only
 * `same-origin` (and `none`, a request the person made themselves) passes,
 * so a sibling site of the school (`same-site`) is another site too.
 * Requests with neither header are not a browser's: the linked systems'
 * server-to-server calls, scripts and the tests pass.
 */
export function refuseCrossSiteWrites(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return;
    const site = request.headers['sec-fetch-site'];
    if (typeof site === 'string') {
      if (site === 'same-origin' || site === 'none') return;
      throw forbidden(CROSS_SITE_REFUSAL);
    }
    const origin = request.headers.origin;
    if (origin === undefined || sameHost(origin, request.host)) return;
    throw forbidden(CROSS_SITE_REFUSAL);
  });
}

/** One year, sub-domains included: helmet's own value. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Strict-Transport-Security only on answers sent over HTTPS (directly, or
 * by a proxy that says so in X-Forwarded-Proto when TRUST_PROXY is on):
 * over plain HTTP a browser ignores it, and a site reached by plain HTTP on
 * the school's network must not be told it is HTTPS-only.
 */
export function strictTransportOverHttps(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
  });
}

const nonces = new WeakMap<ServerResponse, string>();

/** Bytes of one nonce, and how many nonces one draw of random bytes makes. */
const NONCE_BYTES = 16;
const NONCES_PER_DRAW = 256;

/**
 * Random bytes drawn for many nonces at once, each byte used once: a draw per response cost
 * 3% of a staff API call's time (issue 20), and slices of one draw are as unpredictable.
 */
let drawn = Buffer.alloc(0);
let used = 0;

function freshNonce(): string {
  if (used + NONCE_BYTES > drawn.length) {
    drawn = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    used = 0;
  }
  const nonce = drawn.toString('base64', used, used + NONCE_BYTES);
  used += NONCE_BYTES;
  return nonce;
}

/**
 * A fresh nonce per response for the Content-Security-Policy's script-src:
 * the pages' own inline scripts (React Router's hydration data and module
 * loader) carry it, so no other inline script runs. Registered before
 * helmet, whose header reads it through `scriptNonceDirective`.
 */
export function createScriptNonces(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    nonces.set(reply.raw, freshNonce());
  });
}

/** The script-src source of this response's nonce (a helmet directive function). */
export const scriptNonceDirective = (_request: unknown, response: ServerResponse) =>
  `'nonce-${nonces.get(response) ?? ''}'`;

/** The nonce of a reply's scripts, for the page renderer. */
export const scriptNonceOf = (reply: FastifyReply): string | undefined => nonces.get(reply.raw);
