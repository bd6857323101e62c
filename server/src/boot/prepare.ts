import fs from 'node:fs/promises';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { databaseMetrics } from '../observability/db-metrics.js';
import { prepareDatabase } from '../seed/index.js';
import { systemClock } from '../time.js';
import { webClientDir } from '../web/build-dir.js';
import { precompressAssets } from '../web/precompress.js';
import { setupAddress } from '../modules/setup/token.js';

/**
 * The first run's address, on stdout as one line of its own (never through the request log),
 * and in SETUP_TOKEN_FILE when that is set (readable by the server's user only).
 */
async function announceSetup(config: Config, token: string) {
  const address = setupAddress(config, token);
  console.log(`\n  首次设置：请在浏览器中打开 ${address}\n`);
  if (config.setupTokenFile) {
    await fs.writeFile(config.setupTokenFile, `${address}\n`, { mode: 0o600 });
  }
}

/**
 * Gets the database and the build ready once: migrations, the first boot's seeding, the
 * compressed copies of the built assets. Runs before any server listens; answers the demo
 * logins the banner shows. The app's areas and the page build are loaded only to seed a new
 * database: a restart on a prepared one migrates and checks, then the workers start.
 */
export async function prepare(config: Config): Promise<{ demoLogins: string[] }> {
  const { db, dialect, close } = openDatabase({
    url: config.databaseUrl,
    sqliteFile: `${config.dataDir}/portal.sqlite`,
    watch: databaseMetrics,
  });
  try {
    await migrateToLatest(db, dialect);
    const seeded = await prepareDatabase(db, config, {
      clock: systemClock,
      make: async () => (await import('../app.js')).createServices({ config, db, dialect }),
    });
    if (seeded.setupToken) await announceSetup(config, seeded.setupToken);
    const clientDir = webClientDir(config.webBuildDir);
    if (clientDir) await precompressAssets(clientDir);
    else
      console.warn(
        `no page build in ${config.webBuildDir}: run "npm run build"; serving the API only`,
      );
    if (!config.sofficePath)
      console.warn(
        'LibreOffice (soffice) not found: office files are not previewed (暂不支持预览，请下载); ' +
          'install libreoffice-writer-nogui, -calc-nogui, -impress-nogui or set SOFFICE_PATH',
      );
    return { demoLogins: seeded.demoLogins };
  } finally {
    await close();
  }
}
