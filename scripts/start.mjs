// `npm start`: install what is missing, build when sources changed, then serve.
// The server creates ./data with the demo school on its first run.
import { spawn } from 'node:child_process';
import {
  ensureBuilt,
  ensureCjkFont,
  ensureClamd,
  ensureFfmpeg,
  ensureInstalled,
  ensureLibreOffice,
  root,
  startClamd,
} from './lib.mjs';

try {
  await ensureInstalled();
  // Only a new database gets the demo; without root the server says what to install if it
  // needs the font.
  if (process.env.SEED_DEMO !== 'false')
    await ensureCjkFont().catch((err) => console.warn(err.message));
  // The demo's videos are slideshows of their pictures; without ffmpeg, a sample clip.
  if (process.env.SEED_DEMO !== 'false') await ensureFfmpeg();
  // Office previews; without LibreOffice the drive offers office files for download only.
  await ensureLibreOffice();
  // Virus scanning of uploads; without signatures uploads are stored 未检测.
  if (process.env.VIRUS_SCAN !== 'off') await ensureClamd();
  await ensureBuilt();
} catch (err) {
  console.error(`\n启动失败 (start failed): ${err.message}`);
  process.exit(1);
}

const clamd = await startClamd(process.env.DATA_DIR || 'data');
const server = spawn(process.execPath, ['server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...clamd.env, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  clamd.child?.kill();
  process.exit(code ?? (signal ? 0 : 1));
});
