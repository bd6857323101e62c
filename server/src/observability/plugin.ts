import cluster from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { answerPrimaryMetrics, metricsText, serveMetricsPort } from './cluster-metrics.js';
import { collectProcessMetrics, httpDuration, httpRequests, readJobDepthWith } from './metrics.js';

/** The label of a request no route matched: never its raw address (ids, keywords). */
const UNMATCHED = 'unmatched';

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Observability of one app (issue 21): the request id every answer carries, request counts
 * and durations by route pattern, the job queue's depth at each scrape, and the metrics on
 * METRICS_PORT (bound to METRICS_HOST) when
 * this process is the whole server; in a cluster the primary serves that port
 * (cluster-metrics.ts) and sums every worker.
 */
export const observability = fp<{ config: Config; db: Kysely<Database> }>(
  async (app, { config, db }) => {
    collectProcessMetrics();
    answerPrimaryMetrics();

    // On the raw answer, so a page the cache answers on it (reply hijacked) carries it too.
    app.addHook('onRequest', async (request, reply) => {
      reply.raw.setHeader('x-request-id', request.id);
    });
    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED,
        status_code: reply.statusCode,
      };
      httpRequests.inc(labels);
      httpDuration.observe(labels, reply.elapsedTime / 1000);
    });

    const stopReading = readJobDepthWith(async () => {
      const rows = await db
        .selectFrom('job')
        .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
        .where('state', 'in', ['queued', 'running'])
        .groupBy('state')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.state, Number(row.count)]));
    });
    app.addHook('onClose', async () => stopReading());

    // The separate port, when this process is the whole server (one worker, or a test).
    if (config.metricsPort && !cluster.isWorker) {
      let close: (() => Promise<void>) | undefined;
      app.addHook('onListen', async () => {
        close ??= await serveMetricsPort(config, metricsText);
      });
      app.addHook('onClose', async () => close?.());
    }
  },
  { name: 'observability' },
);

/**
 * The metrics page on the public port behind METRICS_TOKEN (a bearer token); registered after
 * the error handler, whose envelope its refusal takes. Without a token the path is unknown.
 */
export const metricsRoute = fp<{ config: Config }>(
  async (app, { config }) => {
    if (config.metricsToken) {
      const token = config.metricsToken;
      app.get(config.metricsPath, { schema: { hide: true } }, async (request, reply) => {
        if (!bearerMatches(request.headers.authorization, token)) {
          void reply.header('www-authenticate', 'Bearer');
          throw new AppError(401, '需要有效的监控令牌');
        }
        const { text, contentType } = await metricsText().catch((err: unknown) => {
          request.log.warn({ err }, 'metrics: the workers did not answer');
          throw new AppError(503, '监控数据暂不可用，请稍后再试');
        });
        return reply.header('cache-control', 'no-store').type(contentType).send(text);
      });
    }
  },
  { name: 'metrics-route' },
);
