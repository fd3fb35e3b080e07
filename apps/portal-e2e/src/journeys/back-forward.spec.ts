import { expect, test } from '../support/test';

/**
 * Back to a page left before the app had taken it over: the browser may restore it from its back/forward cache
 * with the app's load cancelled midway (WebKit does; Chromium finishes the load, Firefox reloads). The same
 * journey runs in WebKit and Firefox (src/engines/journeys/back.engine.ts).
 */
test('Back to a page left before the app had taken it over: the page works', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/competitions', { waitUntil: 'domcontentloaded' });
  await page
    .getByRole('banner')
    .getByRole('link', { name: /на главную/ })
    .click();
  await expect(page).toHaveURL('/');
  await page.locator('html[data-portal-ready]').waitFor({ state: 'attached' });

  await page.goBack();
  await expect(page).toHaveURL('/competitions');
  await page.locator('html[data-portal-ready]').waitFor({ state: 'attached' });
  const wide = (page.viewportSize()?.width ?? 0) >= 1024;
  if (wide) {
    await page.getByRole('button', { name: /^Даты/ }).click();
    await expect(page.getByRole('dialog', { name: 'Выбор дат' })).toBeVisible();
  } else {
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
  }
  expect(errors).toEqual([]);
});
