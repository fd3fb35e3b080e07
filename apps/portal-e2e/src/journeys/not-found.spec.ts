import { expect, test } from '@playwright/test';

test('an unknown route shows the 404 view and leads back home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  // The server answers the SPA shell; the client router shows the 404 view.
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await expect(page.getByText('Page not found', { exact: false })).toBeVisible();
  await expect(page).toHaveTitle('Competitions | Error 404');
  await page.getByRole('link', { name: 'На главную', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the api answers health as JSON beside the portal', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok' });
  const build = await request.get('/builds/latest.json');
  expect(build.headers()['cache-control']).toBe('no-cache');
  expect(await build.json()).toHaveProperty('buildId');
});
