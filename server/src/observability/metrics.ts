import client from 'prom-client';
import { countLookupsWith } from '../cache/kept.js';

/**
 * The site's Prometheus metrics, in prom-client's global registry: every worker of the
 * cluster keeps its own, and the primary sums them (cluster-metrics.ts). Counters and
 * histograms sum across workers (prom-client's default); a gauge that every worker reads
 * from the one database (the job queue's depth) takes the largest instead of adding up.
 */
export const registry = client.register;

let defaultsOn = false;
/** Node's own process metrics (CPU, memory, event loop, GC), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  client.collectDefaultMetrics({ register: registry });
}

export const httpRequests = new client.Counter({
  name: 'http_requests_total',
  help: 'Requests answered by the app, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
});

export const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request reaching the app to its answer, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

export const dbQueries = new client.Counter({
  name: 'db_queries_total',
  help: 'Database statements run, by kind (select, insert, update, delete, other) and outcome',
  labelNames: ['kind', 'outcome'] as const,
});

export const dbQueryDuration = new client.Histogram({
  name: 'db_query_duration_seconds',
  help: 'Time a database statement took, by kind',
  labelNames: ['kind'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
});

/** Rendered portal pages answered from memory (hit) or rendered (miss): web/page-cache.ts. */
export const pageCacheLookups = new client.Counter({
  name: 'page_cache_requests_total',
  help: 'Requests for cacheable portal pages, by result: hit (answered from memory) or miss (rendered)',
  labelNames: ['result'] as const,
});
export const pageCacheHit = pageCacheLookups.labels('hit');
export const pageCacheMiss = pageCacheLookups.labels('miss');
// Shown at 0 from the start, so a rate over them exists before the first page.
pageCacheHit.inc(0);
pageCacheMiss.inc(0);

/** Every kept store's lookups (cache/kept.ts): pages, the API's answers, counts, drive lists. */
export const cacheLookups = new client.Counter({
  name: 'cache_requests_total',
  help: 'Lookups in the in-memory stores, by store (page, news-answers, site-search, search-counts, drive-lists) and result (hit or miss)',
  labelNames: ['cache', 'result'] as const,
});
countLookupsWith((cache, result) => cacheLookups.labels(cache, result).inc());

export const uploadBytes = new client.Counter({
  name: 'upload_bytes_total',
  help: 'Bytes written to file storage: uploads (forms and tus) and the thumbnails and previews made from them',
});

/** What a PostgreSQL pool (pg.Pool) tells of itself. */
export interface PoolFigures {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  ended?: boolean;
}

/** The process's open pools (databaseMetrics adds each; an ended one is dropped at the next scrape). */
const pools = new Set<PoolFigures>();
export const watchPool = (pool: PoolFigures) => void pools.add(pool);

export const dbPoolConnections = new client.Gauge({
  name: 'db_pool_connections',
  help: 'PostgreSQL pool connections, by state (total, idle, waiting requests); SQLite has no pool',
  labelNames: ['state'] as const,
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const pool of pools) {
      if (pool.ended) {
        pools.delete(pool);
        continue;
      }
      total += pool.totalCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

/** Reads the queue's depth by state; the app being served sets it (observability/plugin.ts). */
let jobDepth: (() => Promise<Record<string, number>>) | undefined;
export function readJobDepthWith(reader: typeof jobDepth): () => void {
  jobDepth = reader;
  return () => {
    if (jobDepth === reader) jobDepth = undefined;
  };
}

export const jobQueueDepth = new client.Gauge({
  name: 'job_queue_jobs',
  help: 'Jobs in the durable queue by state (queued, running), read from the database at each scrape',
  labelNames: ['state'] as const,
  // Every worker reads the same rows: the cluster's figure is one of them, not their sum.
  aggregator: 'max',
  async collect() {
    if (!jobDepth) return;
    // A database that does not answer leaves the last figures (/api/ready says it is down).
    const depth = await jobDepth().catch(() => undefined);
    if (!depth) return;
    for (const state of ['queued', 'running']) this.set({ state }, depth[state] ?? 0);
  },
});
