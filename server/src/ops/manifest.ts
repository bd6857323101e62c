import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DialectName } from '../db/database.js';

/** Bumped when a manifest's meaning changes; restore refuses a format it does not know. */
export const MANIFEST_FORMAT = 1;

/** The folders of DATA_DIR a backup holds: stored files, and the old site's files (upload). */
export const DATA_FOLDERS = ['files', 'upload'] as const;

/**
 * A stored file: its path under DATA_DIR and its bytes' SHA-256, which is also its name in the
 * target's shared blobs/ (so a file in many snapshots, or the same bytes under two keys, is kept once).
 */
export interface ManifestFile {
  path: string;
  sha256: string;
  size: number;
  /** The file's change time when it was read: a later backup trusts the hash while path, size and time agree. */
  mtimeMs: number;
}

/**
 * What a snapshot holds, written after everything it names: a snapshot folder without one is a
 * backup that stopped part way, and restore passes it over.
 */
export interface Manifest {
  format: number;
  app: 'school-portal';
  /** The newest migration the database had (restore refuses a backup newer than its code). */
  migration: string;
  /** ISO time the database snapshot was taken. */
  createdAt: string;
  database: { kind: DialectName; key: string; sha256: string; size: number };
  files: ManifestFile[];
  /** Keys stored_file named in the snapshot whose bytes were deleted before they were copied. */
  missing: string[];
}

export const blobKey = (sha256: string) => `blobs/${sha256.slice(0, 2)}/${sha256}`;
export const SNAPSHOTS = 'snapshots';
export const manifestKey = (snapshot: string) => `${SNAPSHOTS}/${snapshot}/manifest.json`;

/** SHA-256 of a file's bytes, read in one pass. */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}

/** Hashes a stream's bytes as they pass, for a copy that checks what it wrote. */
export function hashing(): {
  step: (chunks: AsyncIterable<Buffer>) => AsyncGenerator<Buffer>;
  digest: () => string;
  size: () => number;
} {
  const hash = createHash('sha256');
  let size = 0;
  return {
    step: async function* (chunks) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    digest: () => hash.digest('hex'),
    size: () => size,
  };
}

/**
 * The files of DATA_DIR's backed-up folders, as paths with '/' under DATA_DIR. Unfinished uploads
 * (.partial, tus/) are not files yet and are left out.
 */
export async function dataFiles(dataDir: string): Promise<{ path: string; file: string }[]> {
  const found: { path: string; file: string }[] = [];
  const walk = async (folder: string, rel: string) => {
    const entries = await fs.promises.readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const child = `${rel}/${entry.name}`;
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(file, child);
      else if (entry.isFile()) found.push({ path: child, file });
    }
  };
  for (const top of DATA_FOLDERS) await walk(path.join(dataDir, top), top);
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

/** The newest snapshot with a manifest (a complete backup), or the one asked for. */
export async function completeSnapshots(list: (prefix: string) => Promise<string[]>) {
  const keys = await list(`${SNAPSHOTS}/`);
  return keys
    .filter((key) => key.endsWith('/manifest.json'))
    .map((key) => key.split('/')[1]!)
    .sort();
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
