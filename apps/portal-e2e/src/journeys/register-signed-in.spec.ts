import { expect, test } from '../support/test';
import { demoAthleteExpired, demoClub } from '@fed/sandbox-fixtures';
import { isWide } from '../support/menus';
import { signIn } from '../support/sign-in';

/** Spec §2: /register and /register-org are public; someone signed in is told so there, not sent away. */

test('a signed-in athlete on /register sees who is signed in, may add an athlete, or sign out to register', async ({
  page,
}, testInfo) => {
  const width = page.viewportSize()?.width ?? 0;
  await page.goto('/login');
  await signIn(page, demoAthleteExpired.phone);
  await expect(page).toHaveURL('/profile');

  await page.goto('/register');
  await expect(page).toHaveURL('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Регистрация спортсмена' })).toBeVisible();
  await expect(page.getByText('Вы уже вошли на портал.')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Волкова Екатерина Сергеевна')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Телефон/ })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath(`register-signed-in-${width}.png`), fullPage: true });
  await page.screenshot({ path: `/tmp/wt-a-shots/register-signed-in-${width}.png`, fullPage: true });

  // Another athlete on the same login: the add-account dialog of the menus.
  await main.getByRole('button', { name: 'Добавить нового спортсмена' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавление нового аккаунта' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toBeHidden();

  // Or someone else: signing out here leaves the form to fill.
  await main.getByRole('button', { name: 'Выйти' }).click();
  await expect(page.getByRole('textbox', { name: /Телефон/ })).toBeVisible();
  await expect(page).toHaveURL('/register');
  expect(await page.evaluate(() => localStorage.getItem('fed.refreshToken'))).toBeNull();
  if (isWide(page)) await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toBeVisible();
});

test('a signed-in club on /register-org is offered only to sign out, then the form', async ({
  page,
}, testInfo) => {
  const width = page.viewportSize()?.width ?? 0;
  await page.goto('/login');
  await signIn(page, demoClub.phone);
  await expect(page).toHaveURL('/profile');

  await page.goto('/register-org');
  await expect(page.getByRole('heading', { level: 1, name: 'Регистрация организации' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(/Сэнсэй/).first()).toBeVisible();
  await expect(main.getByText('Организация', { exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Добавить нового спортсмена' })).toHaveCount(0);
  await page.screenshot({ path: `/tmp/wt-a-shots/register-org-signed-in-${width}.png`, fullPage: true });
  await page.screenshot({ path: testInfo.outputPath(`register-org-signed-in-${width}.png`), fullPage: true });
  await main.getByRole('button', { name: 'Выйти' }).click();
  await expect(page.getByRole('combobox', { name: /Поиск организации/ })).toBeVisible();
  await expect(page).toHaveURL('/register-org');
});
