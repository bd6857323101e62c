import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  S3Client,
  paginateListObjectsV2,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ConfigError } from '../config.js';
import { s3ClientConfig, type S3Settings } from '../platform/files/s3-storage.js';
import type { BackupTarget } from './target.js';

/** Bytes of one part of a multipart upload (S3's smallest part is 5 MiB). */
const PART_SIZE = 8 * 1024 * 1024;
/** S3 copies an object of at most 5 GiB in one request (CopyObject). */
const COPY_MAX = 5 * 1024 ** 3;

type Env = Record<string, string | undefined>;

const BACKUP_VARIABLES = [
  'BACKUP_S3_ENDPOINT',
  'BACKUP_S3_REGION',
  'BACKUP_S3_ACCESS_KEY_ID',
  'BACKUP_S3_SECRET_ACCESS_KEY',
  'BACKUP_S3_FORCE_PATH_STYLE',
] as const;

const yes = (value: string) => /^(1|true|yes|on)$/i.test(value);

/**
 * How the backup bucket is reached, as one group from one place, never mixed (a key of one server
 * with the address of another would only fail later):
 * 1. BACKUP_S3_* when any is set: a backup kept on another server or account than the site's;
 * 2. else the site's own S3_* (config.s3) when its files are in a bucket: the usual case, another
 *    bucket (or prefix) of the same server;
 * 3. else the AWS SDK's own settings (AWS_ACCESS_KEY_ID …, AWS_ENDPOINT_URL_S3, a profile, an
 *    instance role), as before BACKUP_S3_* existed.
 */
export function targetClientConfig(
  env: Env,
  site: S3Settings | undefined,
): { config: S3ClientConfig; from: string } {
  if (BACKUP_VARIABLES.some((name) => env[name])) {
    const endpoint = env.BACKUP_S3_ENDPOINT || undefined;
    if (endpoint && !/^https?:\/\//.test(endpoint)) {
      throw new ConfigError('BACKUP_S3_ENDPOINT 应以 http:// 或 https:// 开头');
    }
    if (!!env.BACKUP_S3_ACCESS_KEY_ID !== !!env.BACKUP_S3_SECRET_ACCESS_KEY) {
      throw new ConfigError('BACKUP_S3_ACCESS_KEY_ID 与 BACKUP_S3_SECRET_ACCESS_KEY 须同时设置');
    }
    return {
      from: 'BACKUP_S3_*',
      config: s3ClientConfig({
        bucket: '',
        prefix: '',
        endpoint,
        region: env.BACKUP_S3_REGION || 'us-east-1',
        accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID || undefined,
        secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY || undefined,
        forcePathStyle: env.BACKUP_S3_FORCE_PATH_STYLE
          ? yes(env.BACKUP_S3_FORCE_PATH_STYLE)
          : !!endpoint,
      }),
    };
  }
  if (site) return { from: 'S3_*', config: s3ClientConfig(site) };
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL;
  return {
    from: 'AWS_*',
    config: { region: env.AWS_REGION || 'us-east-1', forcePathStyle: !!endpoint },
  };
}

/** A backup in an S3-compatible bucket (AWS, MinIO, Ceph, Aliyun OSS, Tencent COS …). */
export class S3Target implements BackupTarget {
  readonly name: string;
  readonly moveMaxBytes = COPY_MAX;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {
    this.name = `s3://${bucket}/${prefix}`;
  }

  /** s3://bucket/prefix, reached with the client settings targetClientConfig() chose. */
  static fromUrl(location: string, config: S3ClientConfig): S3Target {
    const match = /^s3:\/\/([^/]+)\/?(.*)$/i.exec(location);
    if (!match) throw new Error(`不是 S3 地址: ${location}（应为 s3://存储桶/前缀）`);
    const prefix = match[2]!.replace(/\/+$/, '');
    return new S3Target(new S3Client(config), match[1]!, prefix ? `${prefix}/` : '');
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

  /** A copy inside the server (CopyObject, whole or absent); the caller removes `from`. */
  async move(from: string, to: string): Promise<void> {
    const source = `${this.bucket}/${this.prefix}${from}`;
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: this.prefix + to,
        CopySource: source.split('/').map(encodeURIComponent).join('/'),
      }),
    );
  }

  async remove(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }),
    );
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
