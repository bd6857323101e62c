import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { siteImportCalls, type ImportRun } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { displayTime } from '../../time.js';
import { defineArea } from '../area.js';

/** What a run keeps in its report column (ops/site-import/report.ts writes it). */
interface StoredReport {
  areas: Record<string, Omit<ImportRun['areas'][number], 'area'>>;
  failures: ImportRun['failures'];
  seconds?: number;
}

/** The last runs of `npm run import`, newest first, with their reports. */
export async function importRuns(db: Kysely<Database>): Promise<ImportRun[]> {
  const rows = await db
    .selectFrom('siteImportRun')
    .selectAll()
    .where('dryRun', '=', 0)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return rows.map((row) => {
    let report: Partial<StoredReport> = {};
    try {
      report = JSON.parse(row.report) as StoredReport;
    } catch {
      // A report cut off by a stopped run shows as empty.
    }
    return {
      runId: row.id,
      source: row.source,
      startDate: displayTime(row.startedAt),
      finishDate: displayTime(row.finishedAt),
      seconds: report.seconds ?? null,
      areas: Object.entries(report.areas ?? {}).map(([area, counts]) => ({ area, ...counts })),
      failures: report.failures ?? [],
    };
  });
}

/** The runs as the CMS reads them. */
export interface SiteImports {
  runs(): Promise<ImportRun[]>;
}

const importRoutes: FastifyPluginAsyncTypebox<{ imports: SiteImports }> = async (
  app,
  { imports },
) => {
  route(app, siteImportCalls.runs, async () => ok(await imports.runs()));
};

/** The CMS's view of `npm run import` (the command itself runs beside the site). */
export const siteImportArea = defineArea({
  name: 'siteImport',
  services: ({ db }) => ({ siteImports: { runs: () => importRuns(db) } as SiteImports }),
  routes: async (api, services) => {
    await api.register(importRoutes, { imports: services.siteImports });
  },
});
