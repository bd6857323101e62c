import type { Kysely } from 'kysely';
import type { Services } from '../../app.js';
import type { Database } from '../../db/schema.js';
import { OldSiteClient } from './client.js';
import { actingAdmin, type AreaRun, type ImportContext } from './context.js';
import { FileImporter } from './files.js';
import { importIntro } from './intro.js';
import { importNews } from './news.js';
import { importShowcase } from './showcase.js';
import { importSiteSettings } from './site.js';
import { MAX_PAGES } from './paging.js';
import { Report, silentProgress, type Progress, type ReportData } from './report.js';
import { IdMap, RunLog } from './store.js';

export interface ImportOptions {
  /** The old site's address (its origin; a path is ignored). */
  from: string;
  /** A staff login of the old site: its staff-only items come too. */
  staffCode?: string;
  staffPass?: string;
  /** Read and report, write nothing. */
  dryRun?: boolean;
  db: Kysely<Database>;
  services: Services;
  progress?: Progress;
  /** Pages of one list read at most (MAX_PAGES). */
  maxPages?: number;
  /** Milliseconds one request to the old site may take. */
  timeoutMs?: number;
  /** Stops the run before its next item (the test of an interrupted run). */
  signal?: AbortSignal;
}

export interface ImportResult {
  runId: number;
  report: Report;
  data: ReportData;
}

/**
 * `npm run import`: reads the old site through the API the specs describe and writes what it
 * holds here through the same services the CMS uses. A run that stopped is taken up by the
 * next one from the same site; a second run updates what changed and adds what is new.
 */
export async function runImport(options: ImportOptions): Promise<ImportResult> {
  const started = Date.now();
  const client = new OldSiteClient(options.from, { timeoutMs: options.timeoutMs });
  const dryRun = options.dryRun ?? false;
  const runs = new RunLog(options.db, client.origin);
  const run = await runs.begin(dryRun, new Date());
  const report = new Report(run.report);
  if (options.staffCode && options.staffPass) {
    await client.login(options.staffCode, options.staffPass);
  }
  const map = new IdMap(options.db, client.origin, dryRun);
  const owner = await actingAdmin(options.db).then(
    (admin) => admin.id,
    () => null,
  );
  const ctx: ImportContext = {
    client,
    services: options.services,
    db: options.db,
    map,
    report,
    files: new FileImporter(client, options.services, map, report, dryRun, owner),
    progress: options.progress ?? silentProgress,
    dryRun,
    maxPages: options.maxPages ?? MAX_PAGES,
    signal: options.signal,
  };
  const areas: AreaRun = {
    skip: (area) => {
      if (run.state.done.includes(area)) return true;
      report.reset(area);
      return false;
    },
    finish: async (area) => {
      run.state.done.push(area);
      await runs.save(run.id, run.state, report.data);
    },
  };
  await importNews(ctx, areas);
  await importShowcase(ctx, areas);
  await importIntro(ctx, areas);
  await importSiteSettings(ctx, areas);
  report.data.seconds = (Date.now() - started) / 1000;
  await runs.save(run.id, run.state, report.data, new Date());
  return { runId: run.id, report, data: report.data };
}
