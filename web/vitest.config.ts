import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
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
