// `npm run import-staff -- <file> [--apply] [--skip-errors] [--passwords <out.xlsx>]`: install
// and build what is missing (as npm start does; nothing when it has run), then
// server/dist/ops/import-staff.js imports the staff sheet with the server's settings from the
// environment (DATA_DIR, DATABASE_URL). Relative paths are the caller's (INIT_CWD).
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

try {
  await ensureInstalled();
  await ensureBuilt();
} catch (err) {
  console.error(`\n构建失败 (build failed): ${err.message}`);
  process.exit(1);
}

const child = spawn(
  process.execPath,
  ['server/dist/ops/import-staff.js', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
