// `npm run backup -- --to <…>` and `npm run restore -- --from <…>`: server/dist/ops/cli.js does
// the work with the server's settings from the environment (DATA_DIR, DATABASE_URL, S3_*;
// BACKUP_S3_* for an s3:// backup location), after installing and building what is missing.
import { runBuilt } from './lib.mjs';

await runBuilt('ops/cli.js');
