import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The environment that points the app's stored files at the bucket (config.ts S3_*). */
  env: Record<string, string>;
  /** Every object key now in the bucket. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/** An S3-protocol server (s3rver) on a free port with one empty bucket, in a folder of its own. */
export async function startTestS3(bucket = 'school-files'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'school-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    keys: async () => {
      const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (answer.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    close: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
