import { resolve, relative } from 'node:path';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { nestTransform, workspaceRoot } from './shared.ts';

export interface ProjectVitestOptions {
  /** `jsdom` for React code, `node` for everything else. */
  environment: 'node' | 'jsdom';
  /** Nest code needs legacy decorators with emitted metadata for dependency injection. */
  nest?: boolean;
  /** Extra setup files, relative to the project root. */
  setupFiles?: string[];
  /** Per-test timeout; HTTP and database suites need more than the default. */
  testTimeout?: number;
}

/** One Vitest configuration shape for every project: tests sit beside the code as `*.spec.ts(x)`. */
export function projectVitestConfig(projectRoot: string, options: ProjectVitestOptions): ViteUserConfig {
  const relativeRoot = relative(workspaceRoot, projectRoot);
  return defineConfig({
    root: projectRoot,
    resolve: { tsconfigPaths: true },
    oxc: options.nest ? nestTransform : undefined,
    cacheDir: resolve(workspaceRoot, 'node_modules/.vite', relativeRoot),
    test: {
      name: relativeRoot,
      environment: options.environment,
      include: ['src/**/*.spec.ts', 'src/**/*.spec.tsx'],
      setupFiles: options.setupFiles?.map((file) => resolve(projectRoot, file)) ?? [],
      testTimeout: options.testTimeout ?? 10_000,
      pool: 'forks',
      passWithNoTests: false,
    },
  });
}
