import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { healthCalls } from '@school/common/api';
import type { Kysely } from 'kysely';
import { ping } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../time.js';
import type { FileStorage } from '../files/storage.js';

/** A check that takes longer than this counts as down (a hung disk or database). */
const CHECK_TIMEOUT_MS = 5_000;
const PROBE = Buffer.from('ready');
/**
 * A storage write that worked is trusted this long: /api/ready is open to anyone and asked
 * every few seconds by each load balancer, and must not write a file for each of them.
 */
const STORAGE_TRUSTED_MS = 60_000;

type State = 'up' | 'down';
const NAMES = { database: '数据库', storage: '文件存储', jobs: '任务队列' } as const;

function within<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error('check timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Writes a small file through the storage driver, reads it back and removes it. */
async function probeStorage(storage: FileStorage): Promise<void> {
  const { key } = await storage.put(Readable.from([PROBE]), { maxBytes: 1024 });
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of storage.read(key)) chunks.push(chunk as Buffer);
    if (!Buffer.concat(chunks).equals(PROBE)) throw new Error('storage read back other bytes');
  } finally {
    await storage.remove(key);
  }
}

/**
 * The storage check of readiness: a probe that worked answers for STORAGE_TRUSTED_MS; those
 * who ask while a probe runs wait for that one; a failure is not kept, so the next asks again.
 */
function storageCheck(storage: FileStorage, now: Clock): () => Promise<void> {
  let passedAt = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | undefined;
  return async () => {
    if (now().getTime() - passedAt < STORAGE_TRUSTED_MS) return;
    running ??= within(probeStorage(storage))
      .then(() => {
        passedAt = now().getTime();
      })
      .finally(() => {
        running = undefined;
      });
    await running;
  };
}

export const healthRoutes: FastifyPluginAsyncTypebox<{
  db: Kysely<Database>;
  storage: FileStorage;
  clock: Clock;
}> = async (app, { db, storage, clock }) => {
  const checkStorage = storageCheck(storage, clock);
  // Alive: answered while the process answers; the database is reported, not required.
  route(app, healthCalls.health, async () => {
    const database = await within(ping(db)).then(
      (): State => 'up',
      (): State => 'down',
    );
    return ok({ database });
  });

  // Ready to take traffic: each dependency checked at once; 503 names those that are down.
  route(app, healthCalls.ready, async (request) => {
    const checks: Record<keyof typeof NAMES, () => Promise<unknown>> = {
      database: () => ping(db),
      storage: checkStorage,
      jobs: () => db.selectFrom('job').select('id').limit(1).execute(),
    };
    const entries = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await within(check());
          return [name, 'up'] as const;
        } catch (err) {
          request.log.error({ err }, `readiness: ${name} is down`);
          return [name, 'down'] as const;
        }
      }),
    );
    const states = Object.fromEntries(entries) as Record<keyof typeof NAMES, State>;
    const down = (Object.keys(NAMES) as (keyof typeof NAMES)[]).filter(
      (name) => states[name] === 'down',
    );
    if (down.length) {
      throw new AppError(503, `服务未就绪：${down.map((name) => NAMES[name]).join('、')}不可用`);
    }
    return ok(states);
  });
};
