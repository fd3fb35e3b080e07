import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/test';
import { runYear } from '../support/clock';

test.describe('A guest opens the portal', () => {
  test('sees the home page with the header, the guest links and the footer', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Федерация контактных единоборств' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('ФКЕ — портал федерации');
    // The design tokens are loaded: the header wears the brand colour, not the browser default.
    await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(15, 29, 58)');
    await expect(page.getByRole('contentinfo')).toContainText(`© ${runYear()}`);
    await expect(page.getByRole('contentinfo')).toContainText('Страхование спортсменов');

    const isMobile = (page.viewportSize()?.width ?? 0) < 1024;
    if (isMobile) {
      await expect(page.getByRole('navigation', { name: 'Основное меню' })).toBeHidden();
      await page.getByRole('button', { name: 'Открыть меню' }).click();
      const menu = page.getByRole('navigation', { name: 'Меню' });
      await expect(menu.getByRole('link')).toHaveText([
        'Главная',
        'Мероприятия',
        'Федерация',
        'Спортсмены',
        'Организации',
        'Войти',
      ]);
      expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    } else {
      const nav = page.getByRole('navigation', { name: 'Основное меню' });
      await expect(nav.getByRole('link')).toHaveText([
        'Главная',
        'Мероприятия',
        'Федерация',
        'Спортсмены',
        'Организации',
      ]);
      await expect(page.getByRole('link', { name: 'Войти' }).first()).toHaveAttribute('href', '/login');
    }

    // Nothing overflows sideways at this width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const accessibility = await new AxeBuilder({ page }).analyze();
    const serious = accessibility.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);

    await page.screenshot({ path: testInfo.outputPath('home.png'), fullPage: true });
  });

  test('the header sticks to the top once the page is scrolled', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.mouse.wheel(0, 600);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    expect(await header.evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
  });
});
