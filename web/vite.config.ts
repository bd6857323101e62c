import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { build, defineConfig, type Plugin, type Rollup } from 'vite';
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

/**
 * `virtual:page-scripts`: the inline scripts of pages sent without React (root.tsx), each entry
 * of app/lib/page-scripts/ bundled on its own into one minified classic script, so the page
 * carries a few kilobytes of code written and typed as the app's modules are. Only what an entry
 * uses is kept (modules are taken as free of side effects: React, imported beside a constant,
 * stays out).
 */
const PAGE_SCRIPTS = {
  STATIC_PAGE_SCRIPT: 'static-page.run.ts',
  WIDGETS_SCRIPT: 'widgets.run.ts',
};

async function bundleScript(file: string): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'warn',
    root: fileURLToPath(new URL('.', import.meta.url)),
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      rollupOptions: {
        input: fileURLToPath(new URL(`app/lib/page-scripts/${file}`, import.meta.url)),
        output: { format: 'iife' },
        treeshake: { moduleSideEffects: false },
      },
    },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const output = (Array.isArray(result) ? result[0]! : result).output[0];
  return output.code.trim();
}

function pageScripts(): Plugin {
  const id = 'virtual:page-scripts';
  return {
    name: 'page-scripts',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(resolved) {
      if (resolved !== `\0${id}`) return;
      const parts = await Promise.all(
        Object.entries(PAGE_SCRIPTS).map(
          async ([name, file]) =>
            `export const ${name} = ${JSON.stringify(await bundleScript(file))};`,
        ),
      );
      return parts.join('\n');
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
