import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { DATE_SENSITIVE_SUITES } from './suites.mjs';

const workspaceRoot = resolve(import.meta.dirname, '../..');

/** The date-sensitive suites of every project in one run, each with its project's own configuration. */
export default defineConfig({
  test: {
    // The matrix runs the same files eighteen times: transformed once, read from the cache after.
    experimental: { fsModuleCache: true },
    projects: DATE_SENSITIVE_SUITES.map((suite) => resolve(workspaceRoot, suite.project, 'vitest.config.ts')),
  },
});
