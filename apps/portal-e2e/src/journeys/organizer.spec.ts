import { expect, onRunClock, test, type Locator, type Page } from '../support/test';
import { demoClub, demoCompetitions, demoFamily } from '@fed/sandbox-fixtures';
import { callPlatform, reviewCompetitionDocument } from '../support/platform';
import { pageUntilShown } from '../support/paging';
import { chooseAccount, signIn } from '../support/sign-in';
import { dayDigits } from '../support/clock';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// Two browsers and a dozen steps each: more than the default half minute on two cores.
test.describe.configure({ timeout: 90_000 });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The organization's own event in 'Мои мероприятия', paging on until it shows. */
async function ownEvent(page: Page, name: RegExp) {
  const event = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) })
    .first();
  await expect(page.getByRole('heading', { name: 'Мои мероприятия' })).toBeVisible();
  return pageUntilShown(event, page.getByRole('navigation', { name: 'Страницы мероприятий' }));
}

/** Drops a file on an element as a browser does when one is dragged from the desktop. */
async function dropFile(target: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const transfer = await target.page().evaluateHandle(
    ({ name, mimeType, bytes }) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], name, { type: mimeType }));
      return data;
    },
    { name: file.name, mimeType: file.mimeType, bytes: [...file.buffer] },
  );
  for (const type of ['dragenter', 'dragover', 'drop'])
    await target.dispatchEvent(type, { dataTransfer: transfer });
}

async function signInClub(page: Page) {
  await page.goto('/login');
  await signIn(page, demoClub.phone);
  await expect(page).toHaveURL('/profile');
}

test('an organization creates a competition, survives a platform failure, submits and re-submits documents @desktop', async ({
  page,
}, testInfo) => {
  await signInClub(page);
  await expect(page.getByRole('heading', { name: 'Мои мероприятия' })).toBeVisible();
  await page.getByRole('link', { name: 'Создать мероприятие' }).click();
  await expect(page).toHaveURL('/profile/create-competition');

  const name = page.getByRole('textbox', { name: /^Название/ });
  const start = page.getByRole('textbox', { name: /Дата начала/ });
  const end = page.getByRole('textbox', { name: /Дата окончания/ });
  const deadline = page.getByRole('textbox', { name: /Приём заявок до/ });
  const submit = page.getByRole('button', { name: 'Создать мероприятие' });

  // Every rule speaks under its field.
  await name.fill('Ку');
  await name.blur();
  await expect(name).toHaveAccessibleDescription(/Минимум 3 символов/);
  await start.pressSequentially(dayDigits(-3));
  await start.blur();
  await expect(start).toHaveAccessibleDescription(/Дата не может быть в прошлом/);
  await start.fill('');
  await start.pressSequentially(dayDigits(40));
  await end.pressSequentially(dayDigits(39));
  await end.blur();
  await expect(end).toHaveAccessibleDescription(/Окончание не может быть раньше начала/);
  await deadline.pressSequentially(dayDigits(41));
  await deadline.blur();
  await expect(deadline).toHaveAccessibleDescription(/Приём заявок должен закончиться до начала/);
  await expect(submit).toBeDisabled();

  // A file that is not an image is refused before any upload.
  let uploads = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/files')) uploads += 1;
  });
  const poster = page.getByLabel('Афиша');
  await poster.setInputFiles({
    name: 'poster.exe',
    mimeType: 'application/x-msdownload',
    buffer: Buffer.from('MZ'),
  });
  await expect(page.getByText('Неверный формат файла')).toBeVisible();
  expect(uploads).toBe(0);
  await page.screenshot({ path: testInfo.outputPath('create-errors.png'), fullPage: true });

  // Now a valid competition.
  const title = `Кубок клуба «Сэнсэй» ${Date.now() % 100_000}`;
  await name.fill(title);
  await page.getByRole('textbox', { name: /Описание/ }).fill('Открытые соревнования по ката и кумитэ.');
  await end.fill('');
  await end.pressSequentially(dayDigits(41));
  await deadline.fill('');
  await deadline.pressSequentially(dayDigits(30));
  await page.getByRole('combobox', { name: /Уровень/ }).selectOption({ label: 'Городское' });
  // The venue down to the house: the city, then one of its streets, then a house of it.
  const address = page.getByRole('combobox', { name: /Адрес проведения/ });
  await address.pressSequentially('Москва');
  await page.getByRole('option', { name: 'г Москва', exact: true }).click();
  await expect(address).toHaveValue('г Москва, ');
  await expect(address).toHaveAccessibleDescription('Населённый пункт: Москва. Уточните улицу и дом');
  await address.pressSequentially('крыл');
  await page.getByRole('option', { name: 'г Москва, ул Крылатская', exact: true }).click();
  await page.getByRole('option', { name: 'г Москва, ул Крылатская, д 16' }).click();
  await expect(address).toHaveValue('г Москва, ул Крылатская, д 16');
  await expect(address).toHaveAccessibleDescription('Населённый пункт: Москва');
  await page.getByRole('textbox', { name: /Количество мест/ }).fill('120');
  await poster.setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await expect(page.getByRole('button', { name: 'Удалить афишу' })).toBeVisible();
  const program = page.getByRole('group', { name: 'Программа 1' });
  await program.getByRole('combobox', { name: /Дисциплина/ }).selectOption({ label: 'Ката' });
  await program.getByRole('combobox', { name: /Тип программы/ }).selectOption({ label: 'Личная программа' });
  await program.getByRole('combobox', { name: /Пол/ }).selectOption({ label: 'Все' });
  await program.getByRole('combobox', { name: /Возрастной класс/ }).selectOption({ index: 1 });
  await program.getByRole('textbox', { name: /Взнос/ }).fill('1500');
  await expect(submit).toBeEnabled();

  // The platform is down for the first try: a Russian toast, every field kept.
  await page.route('**/api/proxy?url=*createCompetition*', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 502,
        code: 'platform_unavailable',
        message: 'Платформа недоступна, попробуйте позже',
      }),
    }),
  );
  await submit.click();
  await expect(page.getByText('Платформа недоступна, попробуйте позже')).toBeVisible();
  await expect(name).toHaveValue(title);
  await expect(program.getByRole('textbox', { name: /Взнос/ })).toHaveValue('1500');
  await page.unroute('**/api/proxy?url=*createCompetition*');

  await submit.click();
  await expect(page).toHaveURL('/profile/create-competition/success');
  await expect(page.getByRole('heading', { name: 'Мероприятие создано' })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('created.png'), fullPage: true });

  // It is in the public list and in the organization's own list; its page shows the venue with a map.
  await page.goto(`/competitions?q=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: title }).click();
  const facts = page.getByRole('complementary', { name: 'Участие' });
  await expect(facts).toContainText('г Москва, ул Крылатская, д 16');
  await expect(facts.getByRole('link', { name: 'Показать на карте' })).toHaveAttribute(
    'href',
    /^https:\/\/yandex\.ru\/maps\/\?pt=37\.\d+,55\.\d+&z=16&l=map$/,
  );
  await expect(page).toHaveTitle(`${title} — ФКЕ`);
  await page.goto('/profile');
  const own = await ownEvent(page, new RegExp(title));
  await own.getByRole('link', { name: 'Документы' }).click();
  await expect(page).toHaveURL(/\/profile\/submit-documents\//);

  // Submit the regulations, named by their kind and dropped on the file field; the federation returns them;
  // the club sends a corrected file.
  await page
    .getByRole('combobox', { name: /Вид документа/ })
    .selectOption({ label: 'Положение о соревнованиях' });
  await expect(page.getByRole('textbox', { name: /Название документа/ })).toHaveValue(
    'Положение о соревнованиях',
  );
  await page.getByRole('textbox', { name: /Название документа/ }).fill('Положение');
  // The drop zone is the file input's frame.
  await dropFile(page.getByLabel('Файл').locator('..'), {
    name: 'regulations.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByText('regulations.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Отправить на проверку' }).click();
  const regulations = page.getByRole('listitem').filter({ hasText: 'Положение' }).first();
  await expect(regulations).toContainText('На проверке');

  const competitionId = page.url().split('/').pop() ?? '';
  const listed = await callPlatform(page, 'getCompetitionDocuments', { competitionId });
  const documents = listed.body['result'] as { __id: string }[];
  await reviewCompetitionDocument(page.request, documents[0]?.__id ?? '', {
    state: 'returned',
    reason: 'Нет подписи председателя',
  });
  await page.reload();
  await expect(regulations).toContainText('Возвращён на доработку');
  await expect(regulations).toContainText('Нет подписи председателя');
  await regulations.getByRole('button', { name: 'Загрузить исправленный' }).click();
  await regulations
    .getByLabel('Файл')
    .setInputFiles({ name: 'regulations-signed.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Отправить исправленный' }).click();
  await expect(regulations).toContainText('На проверке');
  await page.screenshot({ path: testInfo.outputPath('documents.png'), fullPage: true });
});

test('the organizer reviews, returns, approves and rejects applications; the athlete sees each change', async ({
  page: athlete,
  browser,
}, testInfo) => {
  const wide = (athlete.viewportSize()?.width ?? 0) >= 1024;
  // One athlete per width, so both runs find the tournament open to them.
  const who = wide
    ? { name: 'Соколов Андрей', heading: 'Соколов Андрей Викторович' }
    : { name: 'Матвей', heading: 'Соколов Матвей Андреевич' };

  await athlete.goto('/login');
  await signIn(athlete, demoFamily.phone);
  await chooseAccount(athlete, who.name);
  await athlete.goto(`/apply/${demoCompetitions.clubOpen}`);
  await athlete
    .getByRole('checkbox', { name: /^(Кумитэ|Ката)/, disabled: false })
    .first()
    .check();
  await athlete.getByRole('checkbox', { name: /Я принимаю/ }).check();
  await athlete.getByRole('button', { name: 'Подать заявку' }).click();
  await expect(athlete.getByText('Заявка подана')).toBeVisible();
  // The journey's own event: the demo seed's drawn events of the club carry the same opening words.
  const tournament = /кубок клуба/;
  const mine = athlete.getByRole('article').filter({ hasText: tournament }).first();
  await expect(mine).toContainText('Новая');

  const clubContext = await onRunClock(await browser.newContext());
  const club = await clubContext.newPage();
  await signInClub(club);
  let event = await ownEvent(club, tournament);
  await event.getByRole('button', { name: 'Заявки' }).click();
  const request = club
    .getByRole('article')
    .filter({ has: club.getByRole('heading', { name: who.heading }) })
    .first();
  await request.getByRole('button', { name: 'Взять на рассмотрение' }).click();
  await expect(request).toContainText('На рассмотрении');
  await request.getByRole('button', { name: 'Вернуть на доработку' }).click();
  const returnDialog = club.getByRole('dialog', { name: 'Вернуть заявку на доработку' });
  await returnDialog.getByRole('textbox', { name: /Причина/ }).fill('Укажите тренера');
  await returnDialog.getByRole('button', { name: 'Вернуть' }).click();
  await expect(request).toContainText('Возвращена на доработку');

  await athlete.reload();
  await expect(mine).toContainText('Укажите тренера');
  await mine.getByRole('button', { name: 'Отправить повторно' }).click();
  await expect(mine).toContainText('На рассмотрении');

  await club.reload();
  event = await ownEvent(club, tournament);
  await event.getByRole('button', { name: 'Заявки' }).click();
  await request.getByRole('button', { name: 'Одобрить' }).click();
  await expect(request).toContainText('Одобрена');
  await club.screenshot({ path: testInfo.outputPath('organizer-requests.png'), fullPage: true });

  await athlete.reload();
  await expect(mine).toContainText('Одобрена');
  await athlete.screenshot({ path: testInfo.outputPath('athlete-approved.png'), fullPage: true });

  // Another athlete's request under review is rejected with a reason.
  const underReview = club
    .getByRole('article')
    .filter({ has: club.getByRole('button', { name: 'Отклонить' }) })
    .filter({ hasNotText: who.heading })
    .first();
  const rejected = (await underReview.getByRole('heading').first().textContent()) ?? '';
  await underReview.getByRole('button', { name: 'Отклонить' }).click();
  const rejectDialog = club.getByRole('dialog', { name: 'Отклонить заявку' });
  await expect(rejectDialog.getByRole('button', { name: 'Отклонить' })).toBeDisabled();
  await rejectDialog.getByRole('textbox', { name: /Причина/ }).fill('Не пройдена медицинская комиссия');
  await rejectDialog.getByRole('button', { name: 'Отклонить' }).click();
  await expect(club.getByRole('article').filter({ hasText: rejected }).first()).toContainText('Отклонена');

  // The creation form fits the width too (no sideways scrolling); its poster field speaks Russian.
  await club.goto('/profile/create-competition');
  await expect(club.getByRole('button', { name: 'Создать мероприятие' })).toBeVisible();
  const posterField = club.getByLabel('Афиша');
  await expect(posterField).toHaveAttribute('type', 'file');
  await expect(club.getByText('Выберите файл')).toBeVisible();
  await expect(club.getByText('Обзор')).toBeVisible();
  expect(
    await club.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await club.screenshot({ path: testInfo.outputPath('create-form.png'), fullPage: true });
  await clubContext.close();
});
