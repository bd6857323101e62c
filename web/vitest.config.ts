import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { pageScripts } from './scripts/page-scripts.ts';

export default defineConfig({
  // Modules that import root.tsx (useSite) need its bundled page scripts, as the build has them.
  plugins: [pageScripts()],
  resolve: {
    alias: [
      {
        find: /^@school\/common\/api$/,
        replacement: fileURLToPath(new URL('../common/src/api/index.ts', import.meta.url)),
      },
      {
        find: /^@school\/common$/,
        replacement: fileURLToPath(new URL('../common/src/index.ts', import.meta.url)),
      },
    ],
  },
  test: { include: ['app/**/*.test.ts'], environment: 'node' },
});
