import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { checkedKey } from '../platform/files/storage.js';
import { blobKey, hashing, type ManifestFile } from './manifest.js';
import type { BackupTarget } from './target.js';

/** The site's bucket as backup and restore use it (S3Storage, platform/files/s3-storage.ts). */
export interface BucketFiles {
  /** s3://bucket/prefix, for messages. */
  readonly location: string;
  list(): AsyncIterable<{ key: string; size: number; mtimeMs: number }>;
  read(key: string): Readable;
  putAt(key: string, source: Readable): Promise<void>;
  remove(key: string): Promise<void>;
}

/** What a backup's files came to; shared by the folder's and the bucket's files. */
export interface CopyCounts {
  copied: number;
  copiedBytes: number;
  /** Files whose bytes were read (a file a previous manifest vouches for is not). */
  read: number;
}

/** A stored file's key, or undefined for anything else under the prefix. */
export function storageKeyOf(key: string): string | undefined {
  try {
    return checkedKey(key);
  } catch {
    return undefined;
  }
}

/** A file of the site that is gone since it was listed (deleted meanwhile): not in the snapshot. */
export class SourceGone extends Error {}

/**
 * The bytes of a file of the site; a read that finds it gone fails with SourceGone, so a missing
 * key of the target (a failed copy) is never taken for a file the site deleted.
 */
export async function* sourceBytes(open: () => Readable): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of open()) yield chunk as Buffer;
  } catch (err) {
    const { code, name } = err as { code?: string; name?: string };
    if (code === 'ENOENT' || name === 'NoSuchKey' || name === 'NotFound') {
      throw new SourceGone((err as Error).message);
    }
    throw err;
  }
}

/**
 * Copies bytes whose hash is known to their blob, checking it as they pass: thrown before the
 * stream ends, so the target never keeps bytes under a wrong hash.
 */
export async function putChecked(
  target: BackupTarget,
  open: () => Readable,
  sha256: string,
  size: number,
  what: string,
): Promise<void> {
  const check = hashing();
  const source = Readable.from(
    (async function* () {
      yield* check.step(sourceBytes(open));
      if (check.digest() !== sha256) throw new Error(`${what} 在备份过程中被修改，请重新备份`);
    })(),
  );
  await target.put(blobKey(sha256), source, size);
}

/**
 * The target's blobs as a backup fills them: each is copied once; a file with the same bytes
 * waits for that copy, and takes it over when it fails (the manifest never names a blob whose
 * copy did not complete).
 */
export class Blobs {
  private readonly pending = new Map<string, Promise<void>>();

  constructor(private readonly have: Set<string>) {}

  /** Runs `copy` unless the blob is there or being copied; true when this call copied it. */
  async ensure(sha256: string, copy: () => Promise<void>): Promise<boolean> {
    const key = blobKey(sha256);
    for (;;) {
      if (this.have.has(key)) return false;
      const running = this.pending.get(key);
      if (!running) break;
      await running.catch(() => {});
    }
    const attempt = copy();
    this.pending.set(key, attempt);
    try {
      await attempt;
      this.have.add(key);
      return true;
    } finally {
      this.pending.delete(key);
    }
  }
}

/**
 * The stored files of a site whose files are in a bucket, into the backup's blobs. Keys are never
 * reused (a new file is a new random key), so a key the last manifest names with the same size
 * is that file: its hash is taken from there and its bytes are not read. A new key is read once,
 * streamed to a temporary key of the target while it is hashed, then moved to its blob (or
 * dropped when the target has those bytes already); past what the target moves in one request
 * (5 GiB on S3) it is hashed first and copied in a second read.
 */
export async function backupBucketFiles(options: {
  bucket: BucketFiles;
  target: BackupTarget;
  /** The last manifest's files by path. */
  known: Map<string, ManifestFile>;
  blobs: Blobs;
  snapshot: string;
  counts: CopyCounts;
  each: <T>(items: T[], work: (item: T) => Promise<void>) => Promise<void>;
}): Promise<ManifestFile[]> {
  const { bucket, target, known, blobs, counts } = options;
  const objects: { key: string; size: number; mtimeMs: number }[] = [];
  for await (const object of bucket.list()) {
    if (storageKeyOf(object.key)) objects.push(object);
  }
  const copied = (size: number) => {
    counts.copied++;
    counts.copiedBytes += size;
  };
  const files: ManifestFile[] = [];
  // Temporary keys are removed at the end, none while other copies are being written.
  const incoming: string[] = [];
  try {
    await options.each(objects, async ({ key, size, mtimeMs }) => {
      const path = `files/${key}`;
      const before = known.get(path);
      const open = () => bucket.read(key);
      const copyOf = (sha256: string) => () => putChecked(target, open, sha256, size, path);
      let sha256: string;
      try {
        if (before && before.size === size) {
          sha256 = before.sha256;
          if (await blobs.ensure(sha256, copyOf(sha256))) {
            counts.read++;
            copied(size);
          }
        } else if (size > target.moveMaxBytes) {
          counts.read++;
          const check = hashing();
          for await (const chunk of check.step(sourceBytes(open))) void chunk;
          sha256 = check.digest();
          if (await blobs.ensure(sha256, copyOf(sha256))) copied(size);
        } else {
          counts.read++;
          const temporary = `incoming/${options.snapshot}/${randomUUID()}`;
          incoming.push(temporary);
          const check = hashing();
          await target.put(temporary, Readable.from(check.step(sourceBytes(open))), size);
          const hash = check.digest();
          sha256 = hash;
          if (await blobs.ensure(hash, () => target.move(temporary, blobKey(hash)))) copied(size);
        }
      } catch (err) {
        if (err instanceof SourceGone) return; // deleted since the listing: not in this snapshot
        throw err;
      }
      files.push({ path, sha256, size, mtimeMs });
    });
  } finally {
    await options.each(incoming, (key) => target.remove(key).catch(() => {}));
  }
  return files;
}
