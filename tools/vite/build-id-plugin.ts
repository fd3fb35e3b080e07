import { execSync } from 'node:child_process';
import type { Plugin } from 'vite';
import { LATEST_BUILD_PATH, type BuildInfo } from '../../libs/contracts/src/lib/build-info.ts';

function gitShortSha(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'nogit';
  }
}

/**
 * Gives every production build an id, compiles it into the bundle as `import.meta.env.VITE_BUILD_ID`
 * and writes `builds/latest.json`, which running clients poll to learn that a newer build is served.
 */
export function buildIdPlugin(): Plugin {
  const builtAt = new Date();
  const buildId = process.env['BUILD_ID'] ?? `${gitShortSha()}-${builtAt.getTime().toString(36)}`;
  return {
    name: 'fed:build-id',
    config: () => ({ define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) } }),
    generateBundle() {
      const info: BuildInfo = { buildId, builtAt: builtAt.toISOString() };
      this.emitFile({ type: 'asset', fileName: LATEST_BUILD_PATH, source: `${JSON.stringify(info)}\n` });
    },
  };
}
