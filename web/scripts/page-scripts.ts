import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rollup } from 'vite';

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
    root: fileURLToPath(new URL('..', import.meta.url)),
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      rollupOptions: {
        input: fileURLToPath(new URL(`../app/lib/page-scripts/${file}`, import.meta.url)),
        output: { format: 'iife' },
        treeshake: { moduleSideEffects: false },
      },
    },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const output = (Array.isArray(result) ? result[0]! : result).output[0];
  return output.code.trim();
}

export function pageScripts(): Plugin {
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
