import type { LogEvent } from 'kysely';
import type { DatabaseWatch } from '../db/database.js';
import { dbQueries, dbQueryDuration, watchPool } from './metrics.js';

const KINDS = ['select', 'insert', 'update', 'delete'] as const;
type Kind = (typeof KINDS)[number] | 'other';

/** The statement's kind from its first word (a WITH … query counts as other). */
function kindOf(sql: string): Kind {
  const first = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase();
  return (KINDS as readonly string[]).includes(first ?? '') ? (first as Kind) : 'other';
}

/** The counters' children, made once: a statement costs two increments, no label hashing. */
const children = new Map<string, ReturnType<typeof dbQueries.labels>>();
const timers = new Map<Kind, ReturnType<typeof dbQueryDuration.labels>>();
function counter(kind: Kind, outcome: 'ok' | 'error') {
  const key = `${kind}:${outcome}`;
  let child = children.get(key);
  if (!child) children.set(key, (child = dbQueries.labels(kind, outcome)));
  return child;
}
function timer(kind: Kind) {
  let child = timers.get(kind);
  if (!child) timers.set(kind, (child = dbQueryDuration.labels(kind)));
  return child;
}

/**
 * Kysely's `log` option: every statement's kind, outcome and time. Never its
 * SQL text or parameters, which may hold what a user typed.
 */
export function observeQuery(event: LogEvent): void {
  const kind = kindOf(event.query.sql);
  counter(kind, event.level === 'error' ? 'error' : 'ok').inc();
  timer(kind).observe(event.queryDurationMillis / 1000);
}

/** The database's statements and pools counted in the metrics: openDatabase's `watch`. */
export const databaseMetrics: DatabaseWatch = { query: observeQuery, pool: watchPool };
