import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    environment: 'jsdom',
    include: ['frontend/src/**/*.test.{js,jsx}'],
    setupFiles: ['frontend/test/setup.js'],
    restoreMocks: true,
    // A limit, not a timing assertion: CI machines have 2 cores shared with other work.
    testTimeout: 30000,
    // Every core: vitest's default leaves one of two idle (figures in docs/ci.md).
    maxWorkers: availableParallelism(),
  },
});
