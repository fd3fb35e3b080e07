// Small process helpers shared by the workspace scripts.
import { spawn } from 'node:child_process';

/** The environment every scripted Nx, Playwright and Storybook run needs on our machines. */
export const toolEnv = {
  NX_NO_CLOUD: 'true',
  NX_DAEMON: 'false',
  NX_TUI: 'false',
  NX_SKIP_NX_CACHE: process.env.NX_SKIP_NX_CACHE ?? '',
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  STORYBOOK_DISABLE_TELEMETRY: '1',
  ...process.env,
};

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolvePromise) => {
    const { env, ...rest } = options;
    const child = spawn(command, args, { stdio: 'inherit', ...rest, env: { ...toolEnv, ...env } });
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
  });
}

export function banner(text) {
  console.log(`\n=== ${text} ===\n`);
}
