import { expect, test, type Page } from '../support/test';
import { demoAthleteExpired, demoClub } from '@fed/sandbox-fixtures';
import { confirmCode, freshPhone } from '../support/registration';
import { codeSentTo, signIn } from '../support/sign-in';

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

test('a newcomer signing in with an unknown number is offered registration with it, registers, logs out and signs in again', async ({
  page,
}, testInfo) => {
  const width = page.viewportSize()?.width ?? 0;
  const phone = freshPhone();
  await page.goto('/login');
  await page.getByRole('textbox', { name: /Телефон/ }).fill(phone.slice(2));
  await page.getByRole('button', { name: 'Получить код' }).click();
  // No code was sent, and the page says so instead of «Мы отправили код».
  const notice = page.getByRole('status').filter({ hasText: 'Этот номер не зарегистрирован' });
  await expect(notice).toBeVisible();
  await expect(page.getByText('Мы отправили код')).toHaveCount(0);
  await expect(notice.getByRole('link', { name: 'Зарегистрировать организацию' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`login-unknown-number-${width}.png`) });
  await notice.getByRole('link', { name: 'Зарегистрироваться' }).click();

  await expect(page).toHaveURL('/register');
  await expect(page.getByRole('heading', { name: 'Регистрация спортсмена' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Телефон/ })).toHaveValue(
    `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10)}`,
  );
  // Names by the add-account rules of spec §5, judged when their field is left: 2 characters at least, no
  // letters-only pattern.
  const lastName = page.getByRole('textbox', { name: /Фамилия/ });
  const firstName = page.getByRole('textbox', { name: /^Имя/ });
  await firstName.fill('Ив4н');
  await lastName.fill('П');
  await lastName.blur();
  await expect(lastName).toHaveAccessibleDescription('Минимум 2 символов');
  await expect(firstName).toHaveAccessibleDescription('');
  await page.screenshot({ path: testInfo.outputPath(`register-name-short-${width}.png`) });
  await lastName.fill('Орлова');
  await firstName.fill('Дарья');
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
  await page.screenshot({ path: testInfo.outputPath(`register-${width}.png`), fullPage: true });
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
  const contact = page.getByRole('textbox', { name: /Контактное лицо/ });
  await contact.fill('Петр0в Илья');
  await contact.blur();
  await expect(contact).toHaveAccessibleDescription('Только буквы, пробел и дефис');
  await contact.fill('Петров Илья Сергеевич');
  await page.getByRole('checkbox', { name: /пользовательское соглашение/ }).check();
  await page.getByRole('checkbox', { name: /соглашение организации/ }).check();
  await page.screenshot({ path: testInfo.outputPath('register-org.png'), fullPage: true });
  await page.getByRole('button', { name: 'Получить код' }).click();
  await confirmCode(page, phone);

  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
});

test('a number that already has an account is told so at the phone step, with a way to sign in that keeps it', async ({
  page,
}, testInfo) => {
  const width = page.viewportSize()?.width ?? 0;
  await page.goto('/register');
  await page.getByRole('textbox', { name: /Телефон/ }).fill(demoAthleteExpired.phone.slice(2));
  const taken = page.getByRole('status').filter({ hasText: 'Этот номер уже зарегистрирован' });
  await expect(taken).toBeVisible();
  await expect(taken.getByRole('link', { name: 'Войти по этому номеру' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`register-taken-number-${width}.png`) });

  // The organization form says the same; its link signs in with the number, nothing typed again.
  await page.goto('/register-org');
  await page.getByRole('textbox', { name: /Телефон/ }).fill(demoClub.phone.slice(2));
  await taken.getByRole('link', { name: 'Войти по этому номеру' }).click();
  await expect(page).toHaveURL('/login');
  const phone = page.getByRole('textbox', { name: /Телефон/ });
  await expect(phone).toHaveValue('(999) 000-00-03');
  await expect(phone).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Мы отправили код')).toBeVisible();
  await page.keyboard.type(await codeSentTo(page.request, demoClub.phone));
  await expect(page).toHaveURL('/profile');
});
