import { expect, test, type Page } from '../support/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_POLL_INTERVAL_MS, buildInfoSchema, LATEST_BUILD_PATH, type BuildInfo } from '@fed/contracts';
import { runDate } from '../support/clock';

/**
 * A new build is deployed while the portal is open (spec §4): the page polls the build id and says so calmly,
 * reloading only when asked. A deployment is what the run's api serves from the build: its `builds/latest.json`
 * is rewritten here as a deployment writes it, and put back after; nothing of the api opens for it.
 */
/** The build file of the api this width's journeys talk to: each api serves a copy of the build of its own. */
function servedBuildFile(): string {
  const dir = test.info().project.metadata['servedPortalDir'] as unknown;
  if (typeof dir !== 'string')
    throw new Error('this project names no servedPortalDir (playwright.config.ts)');
  return join(dir, LATEST_BUILD_PATH);
}

test.describe('a new build while the portal is open', () => {
  test.skip(Boolean(process.env['E2E_BASE_URL']), 'the build id is rewritten in the build this run serves');

  let original: string;
  test.beforeEach(async ({ page }) => {
    original = readFileSync(servedBuildFile(), 'utf8');
    // The page's timers on a clock the journey moves: five minutes of polling pass in a moment.
    await page.clock.install();
  });
  test.afterEach(() => writeFileSync(servedBuildFile(), original));

  /** Deploys "another build": the served build id changes, the page's own stays. */
  function deployAnotherBuild(): BuildInfo {
    const served = buildInfoSchema.parse(JSON.parse(original));
    const next: BuildInfo = { buildId: `${served.buildId}-next`, builtAt: runDate().toISOString() };
    writeFileSync(servedBuildFile(), `${JSON.stringify(next)}\n`);
    return next;
  }

  const buildIdAsked = (page: Page) =>
    page.waitForResponse((answer) => answer.url().endsWith(`/${LATEST_BUILD_PATH}`));
  const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'Доступна новая версия' });

  // A form the app renders for a guest: the app is what polls (a page taken over by islands loads all it needs at
  // once and has no app to update).
  async function openRegistration(page: Page) {
    await page.goto('/register');
    await expect(page.locator('html[data-portal-ready]')).toBeAttached();
  }

  test('the poll finds it and says so without reloading; «Обновить» reloads the page', async ({
    page,
  }, testInfo) => {
    await openRegistration(page);
    const phone = page.getByRole('textbox', { name: /Телефон/ });
    await phone.fill('9990001122');

    // The same build is served: a poll says nothing.
    const polled = buildIdAsked(page);
    await page.clock.fastForward(BUILD_POLL_INTERVAL_MS);
    await polled;
    await expect(notice(page)).toBeHidden();

    deployAnotherBuild();
    const asked = buildIdAsked(page);
    await page.clock.fastForward(BUILD_POLL_INTERVAL_MS);
    await asked;
    await expect(notice(page)).toBeVisible();
    // Not a forced reload: what was typed stays, the form works on.
    await expect(phone).toHaveValue(/999/);
    await expect(page.getByRole('button', { name: 'Получить код' })).toBeVisible();

    // The notice sits inside the screen, clear of nothing it must not hide: the whole of it in view.
    const width = page.viewportSize()?.width ?? 0;
    const box = await notice(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`new-build-notice-${width}.png`) });

    // The deployment is what the reload will load: the page starts afresh on the build served.
    writeFileSync(servedBuildFile(), original);
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    const reloaded = page.waitForEvent('load');
    await notice(page).getByRole('button', { name: 'Обновить' }).click();
    await reloaded;
    await expect(page.locator('html[data-portal-ready]')).toBeAttached();
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
    await expect(notice(page)).toBeHidden();
  });

  test('coming back to the tab checks at once', async ({ page }) => {
    await openRegistration(page);
    deployAnotherBuild();
    const asked = buildIdAsked(page);
    // The window focused again, as when the person comes back to the tab.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await asked;
    await expect(notice(page)).toBeVisible();
  });
});
