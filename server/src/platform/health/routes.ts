import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { healthCalls } from '@school/common/api';
import type { Kysely } from 'kysely';
import { ping } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import type { FileStorage } from '../files/storage.js';

/** A check that takes longer than this counts as down (a hung disk or database). */
const CHECK_TIMEOUT_MS = 5_000;
const PROBE = Buffer.from('ready');

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

export const healthRoutes: FastifyPluginAsyncTypebox<{
  db: Kysely<Database>;
  storage: FileStorage;
}> = async (app, { db, storage }) => {
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
      storage: () => probeStorage(storage),
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
