import { defineConfig } from 'vitest/config';

/** Tests of the workspace itself: lint rules, scripts and benchmarks helpers. */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'tools',
    environment: 'node',
    include: ['**/*.spec.ts'],
    testTimeout: 60_000,
  },
});
