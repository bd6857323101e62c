import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where a backup is kept: a folder or an S3 bucket, behind one small shape. Keys are
 * slash-separated paths under the target's root (`blobs/ab/ab12…`, `snapshots/<time>/…`).
 */
export interface BackupTarget {
  /** What the messages call it (the folder or s3://bucket/prefix). */
  readonly name: string;
  /** Every key under a prefix ('' for all). */
  list(prefix: string): Promise<string[]>;
  /** Writes a key whole or not at all: a stopped backup never leaves a half object under its key. */
  put(key: string, source: Readable, size: number): Promise<void>;
  /** The bytes of a key; rejects when it is missing. */
  get(key: string): Promise<Readable>;
  /**
   * Gives a key's bytes a second name within the target (no bytes through this process); `to`
   * appears whole. `from` may stay until remove(from).
   */
  move(from: string, to: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** The largest object move() takes (S3 copies at most 5 GiB in one request). */
  readonly moveMaxBytes: number;
  close(): Promise<void>;
}

export class FolderTarget implements BackupTarget {
  readonly name: string;
  readonly moveMaxBytes = Infinity;

  constructor(private readonly root: string) {
    this.name = root;
  }

  private pathOf(key: string): string {
    if (key.split('/').some((part) => part === '..' || part === '')) {
      throw new Error(`not a backup key: ${key}`);
    }
    return path.join(this.root, ...key.split('/'));
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    const walk = async (folder: string, key: string) => {
      const entries = await fs.promises.readdir(folder, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        const child = key ? `${key}/${entry.name}` : entry.name;
        if (entry.isDirectory()) await walk(path.join(folder, entry.name), child);
        else if (entry.isFile() && !entry.name.endsWith('.partial')) keys.push(child);
      }
    };
    await walk(this.root, '');
    return keys.filter((key) => key.startsWith(prefix)).sort();
  }

  /** Written beside its place, flushed, then renamed into it: whole or absent. */
  async put(key: string, source: Readable): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomUUID()}.partial`;
    try {
      await pipeline(source, fs.createWriteStream(partial, { flags: 'wx', flush: true }));
      await fs.promises.rename(partial, target);
    } catch (err) {
      await fs.promises.rm(partial, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await fs.promises.access(file);
    return fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.pathOf(to);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(this.pathOf(from), target);
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async close(): Promise<void> {}
}
