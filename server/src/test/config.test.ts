import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DEMO_PASSWORD, loadConfig } from '../config.js';

describe('loadConfig', () => {
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
