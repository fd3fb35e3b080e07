import { defineConfig, devices } from '@playwright/test';
import { resolve } from 'node:path';
import { outcomeSummaryReporter, playwrightBase } from '../../tools/playwright/base-config.mjs';

const workspaceRoot = resolve(import.meta.dirname, '../..');
const port = Number(process.env['STORIES_PORT'] ?? 6107);
const base = playwrightBase('libs/ui-kit');

/**
 * Every story of the built Storybook (`build-storybook`) in Debian's Chromium: rendered, its `play` run and the a11y
 * addon's check passed, as a designer sees it in Storybook. Served statically, the way it is published.
 */
export default defineConfig({
  ...base,
  testDir: './stories-e2e',
  fullyParallel: true,
  workers: 2,
  timeout: 30_000,
  reporter: [['list'], outcomeSummaryReporter],
  use: { ...devices['Desktop Chrome'], ...base.use, baseURL: `http://127.0.0.1:${port}` },
  webServer: {
    command: `npx vite preview --outDir dist/storybook/ui-kit --host 127.0.0.1 --port ${port} --strictPort`,
    cwd: workspaceRoot,
    url: `http://127.0.0.1:${port}/index.json`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
