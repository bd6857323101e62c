import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@school/common': fileURLToPath(new URL('../common/src/index.ts', import.meta.url)) },
  },
  test: { include: ['app/**/*.test.ts'], environment: 'node' },
});
