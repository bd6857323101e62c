import { buildApp, createServices } from '../app.js';
import { processBus } from '../cluster/bus.js';
import { PgBusChannel } from '../cluster/pg-bus.js';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { databaseMetrics } from '../observability/db-metrics.js';
import { closeGracefully } from '../http/drain.js';
import { loadWebBuild } from '../web/pages.js';

/** One server: the app on its database, listening on the port (shared by the cluster's workers). */
export async function serve(config: Config) {
  // On PostgreSQL the bus goes through the database, so that copies of the site on several
  // machines hear each other as the workers of one machine do.
  const pgBus = config.databaseUrl
    ? new PgBusChannel(config.databaseUrl, (message, err) => console.warn(message, err))
    : undefined;
  if (pgBus) {
    await pgBus.start();
    processBus.attach(pgBus);
  }
  const { db, dialect, close } = openDatabase({
    url: config.databaseUrl,
    sqliteFile: `${config.dataDir}/portal.sqlite`,
    watch: databaseMetrics,
  });
  const services = createServices({ config, db, dialect });
  const web = await loadWebBuild(config.webBuildDir);
  const app = await buildApp({ config, db, dialect, services, web });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    // The pages being rendered finish first; new requests get 503 meanwhile.
    await closeGracefully(app);
    await pgBus?.close();
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The pages' bundle loads once the API answers; a build that cannot load ends the worker, as
  // a failed start does (the primary gives up after a few).
  web?.ready().catch((err: Error) => {
    app.log.error(err, 'the page build could not be loaded');
    process.exit(1);
  });
}
