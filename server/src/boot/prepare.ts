import { createServices } from '../app.js';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { prepareDatabase } from '../seed/index.js';
import { loadWebBuild } from '../web/pages.js';
import { precompressAssets } from '../web/precompress.js';

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
