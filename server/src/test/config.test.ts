import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DEMO_PASSWORD, loadConfig } from '../config.js';

describe('loadConfig', () => {
  it('stores files on local disk unless S3_BUCKET names a bucket', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'school',
        S3_ENDPOINT: 'http://minio.local:9000',
        S3_PREFIX: '/no1-middle/',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      bucket: 'school',
      prefix: 'no1-middle/',
      endpoint: 'http://minio.local:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    // AWS itself: bucket in the host name, credentials from the SDK's own chain.
    expect(loadConfig({ S3_BUCKET: 'school', S3_REGION: 'cn-north-1' }).s3).toMatchObject({
      prefix: '',
      endpoint: undefined,
      region: 'cn-north-1',
      forcePathStyle: false,
    });
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(ConfigError);
  });

  it('has working defaults for an empty environment', () => {
    const config = loadConfig({}, '/srv/school');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('/srv/school', 'data'),
      databaseUrl: undefined,
      seedDemo: true,
      demoPassword: DEFAULT_DEMO_PASSWORD,
      demoPasswordIsDefault: true,
      adminCode: undefined,
      adminPassword: undefined,
      sessionIdleMinutes: 120,
      sessionMaxHours: 12,
      loginMaxFailuresPerAccount: 5,
      loginMaxFailuresPerAddress: 20,
      loginMaxFailuresPerAccountOverall: 50,
      loginFailureWindowMinutes: 15,
      trustProxy: false,
      logLevel: 'info',
      driveFileMaxBytes: 2 * 1024 * 1024 * 1024,
    });
  });

  it('reads the values it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://school@db/school',
      SEED_DEMO: 'false',
      DEMO_PASSWORD: 'Demo#2026',
      ADMIN_CODE: 'root',
      ADMIN_PASSWORD: 'Root#2026',
      SESSION_IDLE_MINUTES: '30',
      TRUST_PROXY: 'yes',
      DRIVE_FILE_MAX_BYTES: '104857600',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgresql://school@db/school',
      seedDemo: false,
      demoPassword: 'Demo#2026',
      demoPasswordIsDefault: false,
      adminCode: 'root',
      adminPassword: 'Root#2026',
      sessionIdleMinutes: 30,
      trustProxy: true,
      driveFileMaxBytes: 100 * 1024 * 1024,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PORT: '80.5' }, /PORT/],
    [{ DATABASE_URL: 'mysql://root@localhost/school' }, /DATABASE_URL/],
    [{ ADMIN_CODE: 'root' }, /ADMIN_CODE and ADMIN_PASSWORD/],
    [{ ADMIN_PASSWORD: 'Root#2026' }, /ADMIN_CODE and ADMIN_PASSWORD/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ DRIVE_FILE_MAX_BYTES: '2GB' }, /DRIVE_FILE_MAX_BYTES/],
    [{ DRIVE_FILE_MAX_BYTES: '0' }, /DRIVE_FILE_MAX_BYTES/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
