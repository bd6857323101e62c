import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/**
 * Where file bytes live. Files are addressed by a key the app generated, never
 * by a name from a request; the database keeps the key with the file's name
 * and type. Local disk (here) or an S3-compatible bucket (s3-storage.ts).
 */
export interface FileStorage {
  /** Stores a stream, giving up past `maxBytes`; returns the key and size. */
  put(source: Readable, options?: { maxBytes?: number; extension?: string }): Promise<StoredBytes>;
  /**
   * A stream of the whole file or of an inclusive byte range (give the range of the whole file
   * when its size is known: a read is then never larger than the file).
   */
  read(key: string, range?: { start: number; end: number }): Readable;
  remove(key: string): Promise<void>;
  /** Whether the bytes of a key are there (a database row may outlive a lost file). */
  has(key: string): Promise<boolean>;
}

export interface StoredBytes {
  key: string;
  size: number;
}

export class FileTooLargeError extends Error {}

/** A new key: a random id under a two-character prefix, with the file's extension (cleaned). */
export function newKey(extension?: string): { id: string; key: string } {
  const id = randomUUID();
  const ext = extension
    ?.toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 8);
  return { id, key: `${id.slice(0, 2)}/${id}${ext ? `.${ext}` : ''}` };
}

/** `key` when it is one this storage made (never a path from a request); throws otherwise. */
export function checkedKey(key: string): string {
  if (!/^[0-9a-f]{2}\/[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/.test(key)) {
    throw new Error(`not a storage key: ${key}`);
  }
  return key;
}

/** Counts the bytes going through, failing with FileTooLargeError past `max`. */
export async function* capped(
  chunks: AsyncIterable<Buffer>,
  max: number,
  counted: { size: number },
) {
  for await (const chunk of chunks) {
    counted.size += chunk.length;
    if (counted.size > max) throw new FileTooLargeError();
    yield chunk;
  }
}

/** Bytes of one read from disk while a file is sent. */
const READ_CHUNK = 1024 * 1024;

/**
 * The folder under the storage root where bytes are written before they are
 * a file: on the same file system, so a finished file is renamed into place.
 */
const PARTIAL_DIR = '.partial';
/** A temporary file left this long without a write is what a crash left behind. */
const PARTIAL_STALE_MS = 60 * 60 * 1000;

export class LocalDiskStorage implements FileStorage {
  private readonly partialRoot: string;

  constructor(private readonly root: string) {
    this.partialRoot = path.join(root, PARTIAL_DIR);
    fs.mkdirSync(this.partialRoot, { recursive: true });
    void this.removeStalePartials();
  }

  private pathOf(key: string): string {
    return path.join(this.root, checkedKey(key));
  }

  /**
   * Crash-safe: the bytes go to a temporary file, which is flushed to disk
   * (fsync) and only then renamed to its key, and the folder holding the new
   * name is flushed too. So a key's file is always whole, whatever moment the
   * process or the machine stops; the caller records the key in the database
   * only after this resolves, so a row never names bytes that are not on disk.
   * A stop mid-write leaves only a temporary file, removed at a later start.
   */
  async put(
    source: Readable,
    options: { maxBytes?: number; extension?: string } = {},
  ): Promise<StoredBytes> {
    const { id, key } = newKey(options.extension);
    const target = this.pathOf(key);
    const partial = path.join(this.partialRoot, id);
    const counted = { size: 0 };
    const max = options.maxBytes ?? Infinity;
    try {
      await pipeline(
        source,
        (chunks: AsyncIterable<Buffer>) => capped(chunks, max, counted),
        // flush: the bytes reach the disk (fsync) before the file is closed.
        fs.createWriteStream(partial, { flags: 'wx', flush: true }),
      );
      const folder = path.dirname(target);
      const made = await fs.promises.mkdir(folder, { recursive: true });
      await fs.promises.rename(partial, target);
      await syncFolder(folder);
      // A new prefix folder is itself a new entry of the root.
      if (made) await syncFolder(this.root);
    } catch (err) {
      await fs.promises.rm(partial, { force: true });
      throw err;
    }
    return { key, size: counted.size };
  }

  /**
   * Removes the temporary files a stopped process left behind (at start).
   * Another process may be writing one now: only files untouched for an hour go.
   */
  private async removeStalePartials(): Promise<void> {
    try {
      const before = Date.now() - PARTIAL_STALE_MS;
      for (const name of await fs.promises.readdir(this.partialRoot)) {
        const file = path.join(this.partialRoot, name);
        const stat = await fs.promises.stat(file).catch(() => undefined);
        if (stat && stat.mtimeMs < before) await fs.promises.rm(file, { force: true });
      }
    } catch {
      // A sweep that fails is tried again at the next start.
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    // 1 MiB reads instead of 64 KiB: a large download is sent about twice as fast (measured by
    // npm run bench's drive transfer). A read never allocates more than its range holds.
    return fs.createReadStream(this.pathOf(key), { ...range, highWaterMark: READ_CHUNK });
  }

  async has(key: string): Promise<boolean> {
    try {
      return (await fs.promises.stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}

/**
 * Flushes a folder's entries to disk (fsync of the folder), so a name renamed
 * into it is still there after a power cut. Where a folder cannot be opened
 * for that (Windows), the rename alone is what there is.
 */
async function syncFolder(folder: string): Promise<void> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(folder, 'r');
    await handle.sync();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL') throw err;
  } finally {
    await handle?.close();
  }
}
