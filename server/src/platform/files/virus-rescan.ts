import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobQueue } from '../jobs/queue.js';
import type { FileService } from './service.js';

export const VIRUS_RESCAN = 'virus-rescan';
const DAY_MS = 24 * 3_600_000;
/** Files looked up per query; each is scanned on its own (one clamd stream at a time). */
const BATCH = 50;

/**
 * The daily rescan: every stored file not scanned clean with the signatures clamd has now
 * (a new signature version, files stored 未检测 or pending) is scanned again, in id order,
 * in batches; one found infected is quarantined as an upload would be (VirusQuarantine:
 * bytes removed, finding, log row). A run cut short (its time limit, a stop) loses nothing:
 * what it scanned carries the new version and is not scanned again by the next run.
 */
export class VirusRescan {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: FileService,
    private readonly jobs: JobQueue,
  ) {
    jobs.register({
      kind: VIRUS_RESCAN,
      timeoutMs: 6 * 3_600_000,
      maxAttempts: 3,
      retryDelayMs: 10 * 60_000,
      repeatMs: DAY_MS,
      run: (_payload, signal) => this.run(signal).then(() => undefined),
    });
  }

  /** Queues the daily rescan (its first run now), and says when clamd does not answer. */
  async schedule(log?: FastifyBaseLogger): Promise<void> {
    const scanner = this.files.scanner;
    if (log) scanner.log = log;
    if (scanner.enabled) await scanner.version();
    await this.jobs.schedule(VIRUS_RESCAN, VIRUS_RESCAN);
  }

  /** One rescan: how many files were scanned and found infected. */
  async run(signal?: AbortSignal): Promise<{ scanned: number; infected: number }> {
    const counts = { scanned: 0, infected: 0 };
    const version = await this.files.scanner.version();
    if (version === null) return counts;
    let after = 0;
    for (;;) {
      const batch = await this.db
        .selectFrom('storedFile')
        .select('id')
        .where('id', '>', after)
        .where('scanState', '<>', 'infected')
        .where((eb) => eb.or([eb('scanVersion', 'is', null), eb('scanVersion', '<>', version)]))
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (batch.length === 0) return counts;
      for (const { id } of batch) {
        if (signal?.aborted) return counts;
        after = id;
        const result = await this.files.scanAgain(id, version);
        if (result) counts.scanned++;
        if (result?.state === 'infected') counts.infected++;
      }
    }
  }
}
