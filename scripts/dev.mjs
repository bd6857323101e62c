// `npm run dev`: the API with reload on API_PORT (3001) and the pages from Vite's dev server,
// which proxies /api to it. Production-like serving is `npm start`.
import { spawn } from 'node:child_process';
import { ensureInstalled, mustRun, root } from './lib.mjs';

await ensureInstalled();
await mustRun('npx', ['tsc', '-b', 'common', 'server']);
const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, API_PORT: apiPort };
const children = [
  spawn('npx', ['tsc', '-b', 'server', '--watch', '--preserveWatchOutput'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn('node', ['--watch-path=server/dist', 'server/dist/main.js'], {
    cwd: root,
    stdio: 'inherit',
    // One process while developing: --watch restarts it, and logs come from one place.
    env: { ...env, PORT: apiPort, WEB_BUILD_DIR: 'web/no-build-in-dev', WEB_CONCURRENCY: '1' },
  }),
  spawn('npx', ['react-router', 'dev', '--port', process.env.PORT ?? '3000'], {
    cwd: `${root}/web`,
    stdio: 'inherit',
    env,
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
