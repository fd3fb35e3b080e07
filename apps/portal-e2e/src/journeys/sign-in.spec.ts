import { expect, test } from '../support/test';
import { demoAthleteExpired, demoFamily } from '@fed/sandbox-fixtures';
import { freshName } from '../support/registration';
import { codeSentTo, signIn } from '../support/sign-in';

// The family journey runs at one width (@desktop) and checks the small screen by resizing.

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

  // Signed in, the guest-only and organization-only pages send the athlete on (spec §2).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await expect(page).toHaveURL('/profile');
  // Organization-only: sent to /, which sends a signed-in user on to /profile.
  await page.goto('/profile/create-competition');
  await expect(page).toHaveURL('/profile');

  // A fourth athlete through the dialog: every rule of spec §5 speaks under its field first.
  await page.getByRole('button', { name: /Меню аккаунта/ }).click();
  await page.getByRole('menuitem', { name: 'Добавить нового спортсмена' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавление нового аккаунта' });
  await expect(dialog.getByText(/привязан к вашему номеру телефона/)).toBeVisible();
  const add = dialog.getByRole('button', { name: 'Добавить' });
  await expect(add).toBeDisabled();
  const lastName = dialog.getByRole('textbox', { name: /Фамилия/ });
  const firstName = dialog.getByRole('textbox', { name: /^Имя/ });
  const middleName = dialog.getByRole('textbox', { name: /Отчество/ });
  const city = dialog.getByRole('combobox', { name: /Город/ });
  const birthDate = dialog.getByRole('textbox', { name: /Дата рождения/ });
  // A name is judged by its length when its field is left: the add-account rules name no letters-only pattern.
  await firstName.fill('Ив4н');
  await firstName.blur();
  await lastName.fill('С');
  await lastName.blur();
  await expect(lastName).toHaveAccessibleDescription(/Минимум 2 символов/);
  await expect(firstName).toHaveAccessibleDescription('');
  await lastName.fill('');
  await lastName.blur();
  await expect(lastName).toHaveAccessibleDescription(/Поле обязательно/);
  await firstName.fill('Е');
  await firstName.blur();
  await expect(firstName).toHaveAccessibleDescription(/Минимум 2 символов/);
  await middleName.focus();
  await middleName.blur();
  await expect(middleName).toHaveAccessibleDescription(/Поле обязательно/);
  await city.focus();
  await city.blur();
  await expect(city).toHaveAccessibleDescription(/Поле обязательно/);
  await birthDate.pressSequentially('01012999');
  await birthDate.blur();
  await expect(birthDate).toHaveAccessibleDescription(/Дата не может быть в будущем/);
  await birthDate.fill('');
  await birthDate.pressSequentially('31022010');
  await birthDate.blur();
  await expect(birthDate).toHaveAccessibleDescription(/Неверный формат даты/);
  await expect(add).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('add-account-errors-1280.png') });

  const newName = freshName('Ева');
  await lastName.fill('Соколова');
  await firstName.fill(newName);
  await dialog.getByRole('checkbox', { name: 'Нет отчества' }).check();
  await expect(middleName).toBeDisabled();
  await city.pressSequentially('Каза');
  await dialog
    .getByRole('option', { name: /Казань/ })
    .first()
    .click();
  await dialog.getByRole('radio', { name: 'Женский' }).check();
  await birthDate.fill('');
  await birthDate.pressSequentially('14032016');
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByText('Аккаунт успешно добавлен')).toBeVisible();
  // The page reloads a second later and the new athlete is one of the login's accounts.
  await page.waitForEvent('load');
  await page.getByRole('button', { name: /Меню аккаунта/ }).click();
  await expect(page.getByRole('menuitem', { name: new RegExp(newName) })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: 'Открыть меню' }).click();
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

test('the whole sign-in works from the keyboard, and a reload keeps the account choice open', async ({
  page,
}, testInfo) => {
  const width = page.viewportSize()?.width ?? 0;
  await page.goto('/login');
  // The form opens on the phone: no Tab through the header first.
  const phone = page.getByRole('textbox', { name: /Телефон/ });
  await expect(phone).toBeFocused();
  await page.keyboard.type(demoFamily.phone.slice(2));
  await page.keyboard.press('Enter');

  const code = page.getByRole('textbox', { name: /Код подтверждения/ });
  await expect(code).toBeFocused();
  await page.keyboard.type(await codeSentTo(page.request, demoFamily.phone));

  await expect(page.getByRole('heading', { name: 'Выберите аккаунт' })).toBeVisible();
  const choices = page.getByRole('listitem').getByRole('button', { name: 'Выбрать' });
  await expect(choices.first()).toBeFocused();

  // A reload (or the phone reloading the tab) does not choose for the parent.
  await page.reload();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Выберите аккаунт' })).toBeVisible();
  // The parent and the two children (and any athlete an earlier journey added).
  await expect(choices.nth(2)).toBeVisible();
  await expect(choices.first()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(choices.nth(1)).toBeFocused();
  const focusRing = await choices
    .nth(1)
    .evaluate(
      (button) => getComputedStyle(button).outlineStyle + ' ' + getComputedStyle(button).outlineWidth,
    );
  expect(focusRing).toBe('solid 2px');
  await page.screenshot({ path: testInfo.outputPath(`choose-account-after-reload-${width}.png`) });
  const chosen = (await page.getByRole('listitem').nth(1).textContent())?.replace('Выбрать', '').trim() ?? '';
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL('/profile');
  await expect(page.getByText(chosen).first()).toBeAttached();
  expect(await page.evaluate(() => sessionStorage.getItem('fed.signingIn'))).toBeNull();
});

test('a wrong code says how many tries are left, under the code', async ({ page }, testInfo) => {
  const width = page.viewportSize()?.width ?? 0;
  await page.goto('/login');
  await page.getByRole('textbox', { name: /Телефон/ }).fill(demoAthleteExpired.phone.slice(2));
  await page.getByRole('button', { name: 'Получить код' }).click();
  const code = page.getByRole('textbox', { name: /Код подтверждения/ });
  await expect(code).toBeFocused();
  const right = await codeSentTo(page.request, demoAthleteExpired.phone);
  const wrong = right.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));
  await code.fill(wrong);

  await expect(code).toHaveAccessibleDescription('Неверный код. Осталось попыток: 4');
  await expect(page.getByText('Неверный код. Осталось попыток: 4')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`wrong-code-${width}.png`) });
  // The wrong code is selected: typing the right one replaces it.
  await expect(code).toBeFocused();
  await page.keyboard.type(right);
  await expect(page).toHaveURL('/profile');
});
