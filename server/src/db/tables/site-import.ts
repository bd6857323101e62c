import type { ColumnType, Generated } from 'kysely';

/** An item of an old site and what it became here (`npm run import`, ops/site-import). */
export interface SiteImportMapTable {
  /** The old site's origin (https://old.example.edu.cn). */
  source: string;
  /** news, subject, video, magazine, banner, file, ... */
  kind: string;
  /** The old id, or a file's address on the old site. */
  oldKey: string;
  newId: number;
  /** SHA-256 (hex) of what was read: unchanged on a later run means nothing to do. */
  fingerprint: string;
  updatedAt: string;
}

/** One run of the importer: where it stands (state) and what it did (report), both JSON. */
export interface SiteImportRunTable {
  id: Generated<number>;
  source: string;
  dryRun: ColumnType<number, number | undefined, number>;
  startedAt: string;
  finishedAt: string | null;
  state: string;
  report: string;
}
