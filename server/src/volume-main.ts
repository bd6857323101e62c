import './production.js';
import { createServices } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { prepareDatabase } from './seed/index.js';
import { addVolume } from './seed/volume.js';

/** `node server/dist/volume-main.js <count>`: the demo school plus <count> news items, for benchmarks. */
const count = Number(process.argv[2] ?? 30000);
const config = loadConfig();
const { db, dialect, close } = openDatabase({
  url: config.databaseUrl,
  sqliteFile: `${config.dataDir}/portal.sqlite`,
});
await migrateToLatest(db, dialect);
const services = createServices({ config, db, dialect });
await prepareDatabase(db, config, services);
const started = Date.now();
await addVolume(db, services, count);
console.log(`added ${count} news items in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await close();
