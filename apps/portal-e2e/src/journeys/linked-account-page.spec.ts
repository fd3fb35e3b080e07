import { expect, test } from '../support/test';
import { demoFamily } from '@fed/sandbox-fixtures';
import { expectActingAs } from '../support/menus';
import { chooseAccount, signIn } from '../support/sign-in';

const [, daughterId] = demoFamily.childIds;

test('a parent opens the daughter’s page: hers, not the parent’s cabinet, with the way to act as her', async ({
  page,
}, testInfo) => {
  const width = page.viewportSize()?.width ?? 0;
  await page.goto('/login');
  await signIn(page, demoFamily.phone);
  await chooseAccount(page, 'Андрей');
  await expect(page).toHaveURL('/profile');

  await page.goto(`/profile/${daughterId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Соколова Алиса Андреевна' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toHaveCount(0);
  await expect(page.getByRole('banner')).toContainText('Спортсмены');
  await expect(page).toHaveTitle('Спортсмены');
  const notice = page.getByText('Этот спортсмен привязан к вашему номеру телефона');
  await expect(notice).toBeVisible();
  await expect(
    page.getByText('Сейчас вы действуете от имени аккаунта «Соколов Андрей Викторович».'),
  ).toBeVisible();
  const choose = page.getByRole('button', { name: 'Выбрать этот аккаунт' });
  await expect(choose).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`linked-account-${width}.png`), fullPage: true });
  await page.screenshot({ path: `/tmp/wt-a-shots/linked-account-${width}.png`, fullPage: true });

  // Spec §4: switching sets the active user and reloads /profile.
  await choose.click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
  await expectActingAs(page, 'Соколова Алиса Андреевна');
});
