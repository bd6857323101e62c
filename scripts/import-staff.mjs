// `npm run import-staff -- <file> [--apply] [--skip-errors] [--passwords <out.xlsx>]`:
// server/dist/ops/import-staff.js imports the staff sheet with the server's settings from the
// environment (DATA_DIR, DATABASE_URL). Relative paths are the caller's (INIT_CWD).
import { runBuilt } from './lib.mjs';

await runBuilt('ops/import-staff.js');
