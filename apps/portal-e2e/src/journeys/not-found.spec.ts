import { expect, test } from '../support/test';
import { demoAthleteExpired } from '@fed/sandbox-fixtures';
import { signIn } from '../support/sign-in';

test('an unknown route shows the 404 view and leads back home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  // The server renders the 404 view with its status; the app takes it over.
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await expect(page.getByText('Page not found', { exact: false })).toBeVisible();
  await expect(page).toHaveTitle('Competitions | Error 404');
  await page.getByRole('link', { name: 'На главную', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a signed-in user on an unknown address keeps the signed-in frame, named in Russian', async ({
  page,
}, testInfo) => {
  const width = page.viewportSize()?.width ?? 0;
  const wide = width >= 1024;
  await page.goto('/login');
  await signIn(page, demoAthleteExpired.phone);
  await expect(page).toHaveURL('/profile');

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header).toContainText('Страница не найдена');
  await expect(page.getByRole('link', { name: 'Войти' })).toHaveCount(0);
  if (wide) await expect(page.getByRole('button', { name: /Меню аккаунта/ })).toBeVisible();
  else await expect(page.getByRole('button', { name: 'Открыть меню' })).toBeVisible();
  await expect(page).toHaveTitle('Competitions | Error 404');
  await page.screenshot({ path: testInfo.outputPath(`not-found-signed-in-${width}.png`), fullPage: true });

  // A signed-in route whose record does not exist: the header still says which route, never an error's title.
  await page.goto('/apply/photo-video/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(header).toContainText('Заявка на фото и видео');
  await expect(header).not.toContainText('Competitions');
  await expect(header).not.toContainText('Error');
  await page.screenshot({ path: testInfo.outputPath(`missing-record-header-${width}.png`) });

  // Pages with a name of their own keep it in the header, the cabinet its default.
  await page.goto('/competitions');
  await expect(header).toContainText('Мероприятия');
  await page.goto('/profile');
  await expect(header).toContainText('Личный кабинет');
});

test('the api answers health as JSON beside the portal', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok' });
  const build = await request.get('/builds/latest.json');
  expect(build.headers()['cache-control']).toBe('no-cache');
  expect(await build.json()).toHaveProperty('buildId');
});
