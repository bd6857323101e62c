import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  paginateListObjectsV2,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../../config.js';
import { capped, checkedKey, newKey, type FileStorage, type StoredBytes } from './storage.js';

export type { S3Settings };

/** The AWS SDK's client settings for the bucket (also the tus uploads' store, tus.ts). */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  };
}

/** Parts of a multipart upload: the SDK's smallest; at most two in memory per upload. */
const PART_BYTES = 5 * 1024 * 1024;

const notFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);

/**
 * File bytes in an S3-compatible bucket, for a site run as several copies (README "Running it on
 * servers"). The same keys as on local disk; uploads are streamed as multipart uploads (a file is
 * never held whole in memory) and a failed or too-large one is aborted, so no half object is
 * left under a key; reads ask for the byte range they need.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client(s3ClientConfig(settings));
  }

  private objectKey(key: string): string {
    return `${this.settings.prefix}${checkedKey(key)}`;
  }

  async put(
    source: Readable,
    options: { maxBytes?: number; extension?: string } = {},
  ): Promise<StoredBytes> {
    const { key } = newKey(options.extension);
    const counted = { size: 0 };
    await this.send(key, (body) =>
      pipeline(
        source,
        (chunks: AsyncIterable<Buffer>) => capped(chunks, options.maxBytes ?? Infinity, counted),
        body,
      ),
    );
    return { key, size: counted.size };
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: this.objectKey(key),
      Range: range ? `bytes=${range.start}-${range.end}` : undefined,
    });
    this.client
      .send(command)
      .then((answer) => pipeline(answer.Body as Readable, out))
      .catch((err: unknown) => out.destroy(err as Error));
    return out;
  }

  async has(key: string): Promise<boolean> {
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      return true;
    } catch (err) {
      if (notFound(err)) return false;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
    );
  }

  /** Where the files are, as messages name it: s3://bucket/prefix. */
  get location(): string {
    return `s3://${this.settings.bucket}/${this.settings.prefix}`;
  }

  /**
   * Every object under the prefix, as keys relative to it (backup and restore, server/src/ops):
   * stored files' keys, and anything else someone put there.
   */
  async *list(): AsyncGenerator<{ key: string; size: number; mtimeMs: number }> {
    const pages = paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.settings.bucket, Prefix: this.settings.prefix },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield {
          key: object.Key.slice(this.settings.prefix.length),
          size: object.Size ?? 0,
          mtimeMs: object.LastModified?.getTime() ?? 0,
        };
      }
    }
  }

  /**
   * Stores bytes at a given key, as put() does (streamed, whole or absent): a restore puts each
   * file back at the key its database row names. A source that fails (a restore's hash check
   * throws before the end) leaves no object.
   */
  async putAt(key: string, source: Readable): Promise<void> {
    await this.send(key, (body) => pipeline(source, body));
  }

  /**
   * One streamed multipart upload to `key`: `feed` writes the body; on any failure the upload
   * is aborted and nothing is left at the key.
   */
  private async send(key: string, feed: (body: PassThrough) => Promise<void>): Promise<void> {
    const body = new PassThrough();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: this.objectKey(key), Body: body },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    });
    const sent = upload.done();
    try {
      await Promise.all([feed(body), sent]);
    } catch (err) {
      body.destroy();
      await upload.abort().catch(() => {});
      await sent.catch(() => {});
      throw err;
    }
  }

  /** Whether the bucket answers (readiness). */
  async reachable(): Promise<boolean> {
    try {
      await this.has(newKey().key);
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    this.client.destroy();
  }
}
