import { expect, test } from '@playwright/test';
import { demoAthleteExpired, demoFamily } from '@fed/contracts';
import { signIn } from '../support/sign-in';

// A phone may ask for a new code once a minute: each journey signs in with its own demo phone, at one width
// (@desktop / @mobile), and the family journey checks both widths by resizing.

test('a family signs in, chooses an account, switches in the dropdown and the side menu, logs out @desktop', async ({
  page,
}, testInfo) => {
  await page.goto('/login');
  await signIn(page, demoFamily.phone);
  await expect(page.getByRole('heading', { name: 'Выберите аккаунт' })).toBeVisible();
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Алиса' })
    .getByRole('button', { name: 'Выбрать' })
    .click();

  await expect(page).toHaveURL('/profile');
  await expect(page).toHaveTitle('Личный кабинет');
  await expect(page.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
  const menu = page.getByRole('button', { name: /Меню аккаунта: .*Алиса/ });
  await expect(menu).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('profile-1280.png'), fullPage: true });

  // Wide screens: the user dropdown switches and reloads /profile.
  await menu.click();
  await expect(page.getByRole('menu').getByText('Выберите аккаунт')).toBeVisible();
  await page.getByRole('menuitem', { name: /Матвей/ }).click();
  await expect(page.getByRole('button', { name: /Меню аккаунта: .*Матвей/ })).toBeVisible();

  // Small screens: the side menu lists the other accounts.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  const sideMenu = page.getByRole('complementary', { name: 'Боковое меню' });
  await expect(sideMenu.getByRole('heading', { name: 'Выберите аккаунт' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('side-menu-375.png') });
  await sideMenu.getByRole('button', { name: /Выбрать: Соколов Андрей/ }).click();
  await expect(page).toHaveURL('/profile');
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await expect(sideMenu.getByText('Соколов Андрей')).toBeVisible();

  await sideMenu.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => localStorage.getItem('fed.refreshToken'))).toBeNull();
});

test('a guest applying to a competition signs in and comes back to the event @mobile', async ({ page }) => {
  await page.goto('/apply/c0ffee00-0000-4000-8000-000000000042');
  await expect(page).toHaveURL('/login');
  await signIn(page, demoAthleteExpired.phone);
  await expect(page).toHaveURL('/competitions/c0ffee00-0000-4000-8000-000000000042');
  expect(await page.evaluate(() => Boolean(localStorage.getItem('fed.accessToken')))).toBe(true);
});

test('a guest opening the personal cabinet is sent home', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Федерация контактных единоборств' }),
  ).toBeVisible();
});
