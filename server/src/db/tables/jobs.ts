import type { ColumnType, Generated } from 'kysely';

/** A job's place in the durable queue (platform/jobs/queue.ts). */
export type JobState = 'queued' | 'running' | 'done' | 'failed';

/**
 * Work done in the background by the process's job worker: an office
 * preview, a daily purge. One row per `key` (a job asked for again while it
 * waits or runs is the same job).
 */
export interface JobTable {
  id: Generated<number>;
  kind: string;
  /** Dedupe key: unique over all jobs (e.g. `office-preview:<sha256>`). */
  key: string;
  /** JSON of what the job's kind needs. */
  payload: ColumnType<string, string | undefined, string>;
  state: JobState;
  attempts: ColumnType<number, number | undefined, number>;
  /** Not started before this time (a retry waits a little). */
  runAfter: string;
  /** A running job whose lock ran out was left by a process that stopped: it is taken again. */
  lockedUntil: string | null;
  /** Who asked for it (`staff:<id>`): jobs take turns per requester. */
  requestedBy: ColumnType<string | null, string | null | undefined, string | null>;
  /** Which process holds it (a random id per process). */
  lockedBy: string | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * A PDF made from an office document, keyed by the document's bytes
 * (SHA-256), so the same bytes convert once whatever resource holds them.
 */
export interface FilePreviewTable {
  sha256: string;
  /** The stored PDF (read only through the preview addresses: no use row names it). */
  pdfFileId: number;
  createdAt: string;
}

/**
 * The text pulled from a stored file for the drive's search inside documents
 * (platform/files/file-texts.ts): capped, its pages or sheets parted by form
 * feeds and named in `parts` (a JSON array).
 */
export interface FileTextTable {
  fileId: number;
  /** done: the text is kept (it may be empty); failed: `error` says why. */
  state: 'done' | 'failed';
  text: string;
  parts: string;
  chars: number;
  error: string | null;
  extractedAt: string;
}
