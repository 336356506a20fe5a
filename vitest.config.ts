import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Sandboxes, pseudo-terminals and a Docker engine are real and shared: keep files in parallel
    // but bounded on these 2-core machines.
    maxWorkers: 2,
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
