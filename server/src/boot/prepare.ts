import fs from 'node:fs/promises';
import { createServices } from '../app.js';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { prepareDatabase } from '../seed/index.js';
import { loadWebBuild } from '../web/pages.js';
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
 * logins the banner shows.
 */
export async function prepare(config: Config): Promise<{ demoLogins: string[] }> {
  const { db, dialect, close } = openDatabase({
    url: config.databaseUrl,
    sqliteFile: `${config.dataDir}/portal.sqlite`,
  });
  try {
    await migrateToLatest(db, dialect);
    const services = createServices({ config, db, dialect });
    const seeded = await prepareDatabase(db, config, services);
    if (seeded.setupToken) await announceSetup(config, seeded.setupToken);
    const web = await loadWebBuild(config.webBuildDir);
    if (web) await precompressAssets(web.clientDir);
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
