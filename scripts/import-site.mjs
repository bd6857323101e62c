// `npm run import -- --from <old site address> [--staff-code … --staff-pass …] [--dry-run]`:
// install and build what is missing (as npm start does; nothing when it has run), then
// server/dist/ops/site-import/main.js reads the old site and writes into this installation,
// with the server's settings from the environment (DATA_DIR, DATABASE_URL, S3_*).
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
  ['server/dist/ops/site-import/main.js', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
