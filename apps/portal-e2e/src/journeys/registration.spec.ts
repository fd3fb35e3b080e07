import { expect, test, type Page } from '@playwright/test';
import { codeSentTo, signIn } from '../support/sign-in';

/** A Russian number no demo account uses, different on every run and width. */
function freshPhone(): string {
  const tail = String(Date.now() + Math.floor(Math.random() * 1000)).slice(-7);
  return `+7991${tail}`;
}

async function confirmCode(page: Page, phone: string) {
  await expect(page.getByText('Мы отправили код')).toBeVisible();
  await page.getByRole('textbox', { name: /Код подтверждения/ }).fill(await codeSentTo(page.request, phone));
}

async function logOut(page: Page) {
  const wide = (page.viewportSize()?.width ?? 0) >= 1024;
  if (wide) {
    await page.getByRole('button', { name: /Меню аккаунта/ }).click();
    await page.getByRole('menuitem', { name: 'Выйти из аккаунта' }).click();
  } else {
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page
      .getByRole('complementary', { name: 'Боковое меню' })
      .getByRole('button', { name: 'Выйти' })
      .click();
  }
  await expect(page).toHaveURL('/');
}

test('a person registers with the code from the SMS, lands in the cabinet, logs out and signs in again', async ({
  page,
}, testInfo) => {
  const phone = freshPhone();
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Регистрация спортсмена' })).toBeVisible();
  await page.getByRole('textbox', { name: /Телефон/ }).fill(phone.slice(2));
  await page.getByRole('textbox', { name: /Фамилия/ }).fill('Орлова');
  await page.getByRole('textbox', { name: /^Имя/ }).fill('Дарья');
  await page.getByRole('textbox', { name: /Отчество/ }).fill('Игоревна');
  await page.getByRole('combobox', { name: /Город/ }).pressSequentially('Казан');
  await page
    .getByRole('option', { name: /Казань/ })
    .first()
    .click();
  await page.getByRole('radio', { name: 'Женский' }).check();
  await page.getByRole('textbox', { name: /Дата рождения/ }).pressSequentially('02022002');
  const submit = page.getByRole('button', { name: 'Получить код' });
  await page.getByRole('checkbox', { name: /пользовательское соглашение/ }).check();
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: /соглашение спортсмена/ }).check();
  await page.screenshot({ path: testInfo.outputPath('register.png'), fullPage: true });
  await submit.click();
  await confirmCode(page, phone);

  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
  await expect(page.getByText('Орлова Дарья Игоревна').first()).toBeAttached();

  await logOut(page);
  await page.goto('/login');
  await signIn(page, phone);
  await expect(page).toHaveURL('/profile');
});

test('an organization registers by finding itself in the company register', async ({ page }, testInfo) => {
  const phone = freshPhone();
  await page.goto('/register-org');
  await expect(page.getByRole('heading', { name: 'Регистрация организации' })).toBeVisible();
  await page.getByRole('textbox', { name: /Телефон/ }).fill(phone.slice(2));
  await page.getByRole('combobox', { name: /Поиск организации/ }).pressSequentially('Олимп');
  await page.getByRole('option', { name: /ОЛИМП/ }).first().click();
  await expect(page.getByRole('textbox', { name: /Название организации/ })).toHaveValue(/ОЛИМП/);
  await expect(page.getByRole('textbox', { name: /ИНН/ })).toHaveValue(/^\d{10}$/);
  await page.getByRole('combobox', { name: /Город/ }).pressSequentially('Новосиб');
  await page
    .getByRole('option', { name: /Новосибирск/ })
    .first()
    .click();
  await page.getByRole('textbox', { name: /Электронная почта/ }).fill('olimp@club.example');
  await page.getByRole('textbox', { name: /Контактное лицо/ }).fill('Петров Илья Сергеевич');
  await page.getByRole('checkbox', { name: /пользовательское соглашение/ }).check();
  await page.getByRole('checkbox', { name: /соглашение организации/ }).check();
  await page.screenshot({ path: testInfo.outputPath('register-org.png'), fullPage: true });
  await page.getByRole('button', { name: 'Получить код' }).click();
  await confirmCode(page, phone);

  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
});
