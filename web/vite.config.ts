import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { pageScripts } from './scripts/page-scripts.ts';
import { THEME } from './app/lib/theme.ts';

/**
 * Bakes antd's styles for the site's theme into app/styles/antd/ (scripts/antd-css.mjs) before
 * Vite resolves anything, so the pages' `?url` imports of them become hashed CSS files. Once per
 * process: React Router's build runs this config for its client and its server build.
 */
let baked = false;
function antdStyles(): Plugin {
  return {
    name: 'antd-static-styles',
    config(_, { mode }) {
      if (baked) return;
      baked = true;
      execFileSync(
        process.execPath,
        [
          fileURLToPath(new URL('scripts/antd-css.mjs', import.meta.url)),
          fileURLToPath(new URL('app/styles/antd', import.meta.url)),
        ],
        {
          stdio: 'inherit',
          // antd names its classes by NODE_ENV: bake under the one the pages will run with.
          env: {
            ...process.env,
            NODE_ENV: mode === 'production' ? 'production' : 'development',
            ANTD_THEME: JSON.stringify(THEME),
          },
        },
      );
    },
  };
}

export default defineConfig({
  plugins: [antdStyles(), pageScripts(), reactRouter()],
  server: {
    // `npm run dev` runs the API on API_PORT; pages on Vite's own port.
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}` },
  },
});
