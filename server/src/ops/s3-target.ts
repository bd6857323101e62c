import type { Readable } from 'node:stream';
import {
  GetObjectCommand,
  S3Client,
  paginateListObjectsV2,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { BackupTarget } from './target.js';

/** Bytes of one part of a multipart upload (S3's smallest part is 5 MiB). */
const PART_SIZE = 8 * 1024 * 1024;

/**
 * A backup in an S3-compatible bucket (AWS, MinIO, Ceph, Aliyun OSS, Tencent COS …). The address,
 * region and keys come from the AWS SDK's own settings (AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL,
 * AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, or a profile); S3_FORCE_PATH_STYLE=false
 * turns to virtual-host addresses for a self-hosted endpoint that wants them (Aliyun OSS).
 */
export class S3Target implements BackupTarget {
  readonly name: string;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {
    this.name = `s3://${bucket}/${prefix}`;
  }

  static fromUrl(location: string, config: S3ClientConfig = {}): S3Target {
    const match = /^s3:\/\/([^/]+)\/?(.*)$/i.exec(location);
    if (!match) throw new Error(`不是 S3 地址: ${location}（应为 s3://存储桶/前缀）`);
    const endpoint = process.env.AWS_ENDPOINT_URL_S3 || process.env.AWS_ENDPOINT_URL;
    const pathStyle = process.env.S3_FORCE_PATH_STYLE
      ? /^(1|true|yes|on)$/i.test(process.env.S3_FORCE_PATH_STYLE)
      : !!endpoint;
    const client = new S3Client({
      region: process.env.AWS_REGION || 'us-east-1',
      forcePathStyle: pathStyle,
      ...config,
    });
    const prefix = match[2]!.replace(/\/+$/, '');
    return new S3Target(client, match[1]!, prefix ? `${prefix}/` : '');
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    const pages = paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: this.prefix + prefix },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (object.Key) keys.push(object.Key.slice(this.prefix.length));
      }
    }
    return keys.sort();
  }

  /**
   * Streamed: parts of 8 MiB, a few in flight, so a file of any size passes in bounded memory.
   * An object appears only when its upload completes; a failed one is aborted, its parts removed.
   */
  async put(key: string, source: Readable): Promise<void> {
    await new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.prefix + key, Body: source },
      partSize: PART_SIZE,
      queueSize: 4,
    }).done();
  }

  async get(key: string): Promise<Readable> {
    const answer = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }),
    );
    return answer.Body as Readable;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
