import { Maybe, Type, endpoint, endpoints, type Static } from './shared.js';

/** One area of a run of `npm run import`: how many items were added, updated, left, failed. */
export const ImportAreaCounts = Type.Object({
  area: Type.String(),
  new: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  failed: Type.Integer(),
});

/** What could not be imported: where on the old site, and why. */
export const ImportFailureRow = Type.Object({
  area: Type.String(),
  address: Type.String(),
  reason: Type.String(),
});

/** A run of `npm run import` with its report (finishDate '' while it runs or when it stopped). */
export const ImportRun = Type.Object({
  runId: Type.Integer(),
  source: Type.String(),
  startDate: Type.String(),
  finishDate: Type.String(),
  seconds: Maybe(Type.Number()),
  areas: Type.Array(ImportAreaCounts),
  failures: Type.Array(ImportFailureRow),
});
export type ImportRun = Static<typeof ImportRun>;

/** api/cms/importRuns: the CMS page 导入旧站 (system administrators). */
export const siteImportCalls = endpoints('siteImport', {
  runs: endpoint(
    '/cms/importRuns',
    'systemAdmin',
    '导入旧站：最近 20 次导入及其报告',
    undefined,
    Type.Array(ImportRun),
  ),
});
