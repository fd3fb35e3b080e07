import { expect, type Page } from '@playwright/test';

/** The wide layout (header links, the user dropdown) from the portal's `lg` breakpoint on. */
export const isWide = (page: Page) => (page.viewportSize()?.width ?? 0) >= 1024;

/** Follows a link of the main menu: the header (or side bar) on a wide screen, the side menu on a phone. */
export async function openFromMenu(page: Page, name: string): Promise<void> {
  if (isWide(page)) {
    await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name }).click();
  } else {
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name }).click();
  }
}

/** A guest presses «Войти»: in the header on a wide screen, in the side menu on a phone. */
export async function pressSignIn(page: Page): Promise<void> {
  if (isWide(page)) {
    await page.getByRole('banner').getByRole('link', { name: 'Войти' }).click();
  } else {
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Войти' }).click();
  }
}

/** The signed-in account is the one named `name`: the user dropdown's button, or the side menu's current user. */
export async function expectActingAs(page: Page, name: string): Promise<void> {
  if (isWide(page)) {
    await expect(page.getByRole('button', { name: new RegExp(`^Меню аккаунта: .*${name}`) })).toBeVisible();
    return;
  }
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  const sideMenu = page.getByRole('complementary', { name: 'Боковое меню' });
  // Named in the side menu, and not as one of the other accounts to switch to: the current one.
  await expect(sideMenu.getByText(name).first()).toBeVisible();
  await expect(sideMenu.getByRole('button', { name: new RegExp(`^Выбрать: .*${name}`) })).toHaveCount(0);
  await page.getByRole('button', { name: 'Закрыть меню' }).click();
}
