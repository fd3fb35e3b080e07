import { expect, test } from '../support/test';
import { demoAthleteExpired } from '@fed/sandbox-fixtures';
import { signIn } from '../support/sign-in';

test('a page the server fails to deliver shows the 500 view, which leads home', async ({
  page,
}, testInfo) => {
  // The document page's chunk answers 500, as a broken deployment would.
  await page.route(/\/assets\/document-page-[^/]+\.js$/, (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
  );
  await page.goto('/documents/any');
  await expect(page.getByRole('heading', { name: 'Что-то пошло не так' })).toBeVisible();
  await expect(page).toHaveTitle('Competitions | Error 500');
  // Inside the frame of who is looking: a guest has the guest header and its way to sign in.
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Войти', includeHidden: true }).first(),
  ).toBeAttached();
  await page.screenshot({
    path: testInfo.outputPath(`error-500-guest-${page.viewportSize()?.width ?? 0}.png`),
  });
  await page.getByRole('link', { name: 'На главную', exact: true }).click();
  await expect(page).toHaveURL('/');
});

test('an expired access token is refreshed at start-up; a refused refresh ends the session', async ({
  page,
}) => {
  await page.goto('/login');
  await signIn(page, demoAthleteExpired.phone);
  await expect(page).toHaveURL('/profile');

  // The access token is now unreadable, which counts as expired (spec §4): start-up refreshes it.
  await page.evaluate(() => localStorage.setItem('fed.accessToken', 'expired.token.value'));
  const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/auth/Refresh'));
  await page.reload();
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('fed.accessToken'))).not.toBe('expired.token.value');

  // A refresh token the server does not know: the session ends and the cabinet sends the guest home.
  await page.evaluate(() => {
    localStorage.setItem('fed.accessToken', 'expired.token.value');
    localStorage.setItem('fed.refreshToken', 'revoked-refresh-token');
  });
  await page.reload();
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => localStorage.getItem('fed.refreshToken'))).toBeNull();
});

test('a page whose scripts fail to arrive is marked, asks again, and is taken over once they come', async ({
  page,
}) => {
  // The islands' start fails twice, as on a network that drops: the page says so, and is not left dead.
  let refused = 0;
  await page.route(/\/assets\/hydrate-islands-[^/]+\.js$/, async (route) => {
    if (refused >= 2) return route.continue();
    refused += 1;
    return route.abort('failed');
  });
  await page.goto('/');
  await expect(page.locator('html[data-portal-start-failed]')).toBeAttached();
  await expect(page.locator('html[data-portal-ready]')).toBeAttached({ timeout: 15_000 });
  expect(refused).toBe(2);
  // Taken over: at a phone's width, the header's menu opens (an island of the page).
  if ((page.viewportSize()?.width ?? 0) < 1024) {
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
  }
});
