// `npm run import -- --from <old site address> [--staff-code … --staff-pass …] [--dry-run]`:
// server/dist/ops/site-import/main.js reads the old site and writes into this installation,
// with the server's settings from the environment (DATA_DIR, DATABASE_URL, S3_*).
import { runBuilt } from './lib.mjs';

await runBuilt('ops/site-import/main.js');
