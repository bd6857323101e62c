import './production.js';
import { createServices } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { prepareDatabase } from './seed/index.js';
import { addDriveVolume, addMailVolume, addVolume } from './seed/volume.js';

/**
 * `node server/dist/volume-main.js <news> [<mails>] [<resources>]`: the demo school plus <news>
 * news items, <mails> mails and <resources> drive files, for benchmarks.
 */
const count = Number(process.argv[2] ?? 30000);
const mails = Number(process.argv[3] ?? 0);
const resources = Number(process.argv[4] ?? 0);
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
const mailStarted = Date.now();
await addMailVolume(db, services, mails);
console.log(`added ${mails} mails in ${((Date.now() - mailStarted) / 1000).toFixed(1)} s`);
const driveStarted = Date.now();
await addDriveVolume(db, services, resources);
console.log(
  `added ${resources} drive files in ${((Date.now() - driveStarted) / 1000).toFixed(1)} s`,
);
await close();
