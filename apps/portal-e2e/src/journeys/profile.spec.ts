import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { crc32, deflateSync } from 'node:zlib';
import { fixPaths, LEGAL_REPRESENTATIVE_ANCHOR } from '@fed/contracts';
import { demoAthleteExpired, demoClub, demoCompetitions, demoFamily } from '@fed/sandbox-fixtures';
import { completeSettlementAccount } from '@fed/validation';
import { chooseAccount, signIn } from '../support/sign-in';
import { birthdayYearsAgo, typedDigits } from '../support/clock';

/**
 * The own profile: an athlete edits it (a field emptied, a new photo), a club edits its profile and bank details,
 * a parent adds the daughter's legal representative where the apply page's refusal leads and then applies, and a
 * platform failure keeps the form. Walked at both widths.
 */

// Each journey signs in, saves and reloads: a minute leaves room on a machine busy with other work.
test.describe.configure({ timeout: 60_000 });

const isWide = (page: Page) => (page.viewportSize()?.width ?? 0) >= 1024;
const widthOf = (page: Page) => page.viewportSize()?.width ?? 0;

async function signInAs(page: Page, phone: string, account?: string) {
  await page.goto('/login');
  await signIn(page, phone);
  if (account) await chooseAccount(page, account);
  await expect(page).toHaveURL('/profile');
}

/** Nothing on the page runs off its side. */
async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

/** A real PNG of one colour, made here: the api checks an upload's first bytes and resizes it for the avatar. */
function pngOf(size: number, [red, green, blue]: readonly [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])), 0);
    return Buffer.concat([head, data, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [red, green, blue]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const fact = (page: Page, term: string) =>
  page
    .getByRole('region', { name: 'Профиль' })
    .locator('dt', { hasText: term })
    .locator('xpath=following-sibling::dd');

test('an athlete edits the profile: a field emptied, a new photo; both stay after a reload, the header follows', async ({
  page,
}, testInfo) => {
  await signInAs(page, demoAthleteExpired.phone);
  const profile = page.getByRole('region', { name: 'Профиль' });
  await expect(profile.getByText('Членство в федерации')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('cabinet-athlete.png'), fullPage: true });

  // A coach first, so that emptying it is a change whatever an earlier run left.
  await profile.getByRole('button', { name: 'Изменить' }).click();
  const form = page.getByRole('form', { name: 'Изменение профиля' });
  await form.getByRole('textbox', { name: /Тренер/ }).fill('Петров Иван Сергеевич');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Профиль сохранён')).toBeVisible();
  await expect(fact(page, 'Тренер')).toHaveText('Петров Иван Сергеевич');

  await profile.getByRole('button', { name: 'Изменить' }).click();
  await expect(form).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('edit-athlete.png'), fullPage: true });
  await form.getByRole('textbox', { name: /Тренер/ }).fill('');
  // A PDF is refused before it leaves the browser, in the catalogue's words.
  const picker = form.getByLabel(/Новое фото/);
  await picker.setInputFiles({
    name: 'scan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n'),
  });
  await expect(form.getByText('Неверный формат файла')).toBeVisible();
  const upload = page.waitForResponse((response) => response.url().includes('/api/files?purpose=photo'));
  await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngOf(64, [200, 60, 40]) });
  const uploaded = (await (await upload).json()) as { fileId: string };
  expect(uploaded.fileId).toBeTruthy();
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Профиль сохранён').last()).toBeVisible();
  await expect(form).toBeHidden();

  await page.reload();
  await expect(fact(page, 'Тренер')).toHaveText('не указан');
  const photo = profile.getByRole('img', { name: /^Фото:/ });
  await expect(photo).toHaveAttribute('src', new RegExp(`/file/${uploaded.fileId}$`));
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The header's avatar is the new photo too.
  const header = isWide(page) ? page.getByRole('banner') : page.getByRole('main');
  await expect(header.locator(`img[src*="/file/${uploaded.fileId}"]`).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('cabinet-athlete-saved.png'), fullPage: true });
});

test('a failed save keeps the form with what was typed and says why', async ({ page }, testInfo) => {
  await signInAs(page, demoAthleteExpired.phone);
  await page.getByRole('region', { name: 'Профиль' }).getByRole('button', { name: 'Изменить' }).click();
  const form = page.getByRole('form', { name: 'Изменение профиля' });
  const coach = form.getByRole('textbox', { name: /Тренер/ });
  await coach.fill(`Сидоров Пётр ${widthOf(page)}`);
  await page.route('**/api/proxy?url=*runBP*', (route) =>
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
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Платформа недоступна, попробуйте позже')).toBeVisible();
  await expect(form).toBeVisible();
  await expect(coach).toHaveValue(`Сидоров Пётр ${widthOf(page)}`);
  await page.screenshot({ path: testInfo.outputPath('edit-athlete-failed.png') });
  await page.unroute('**/api/proxy?url=*runBP*');

  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Профиль сохранён')).toBeVisible();
  await expect(fact(page, 'Тренер')).toHaveText(`Сидоров Пётр ${widthOf(page)}`);
});

/** Published BIC and correspondent account pairs (Bank of Russia's directory). */
const banks = {
  narrow: { name: 'Банк ВТБ (ПАО)', bic: '044525187', correspondent: '30101810700000000187' },
  wide: { name: 'АО «Альфа-Банк»', bic: '044525593', correspondent: '30101810200000000593' },
} as const;

test('a club edits its profile and bank details: a wrong control digit is refused, a right one saved', async ({
  page,
}, testInfo) => {
  await signInAs(page, demoClub.phone);
  const cabinet = page.getByRole('region', { name: 'Профиль организации' });
  await expect(cabinet.getByText('Банковские реквизиты')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('cabinet-club.png'), fullPage: true });

  await cabinet.getByRole('link', { name: 'Редактировать профиль' }).click();
  await expect(page).toHaveURL('/profile/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Редактирование профиля' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Профиль организации' });
  await expect(form.getByRole('textbox', { name: /Название/ })).not.toHaveValue('');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('edit-club.png'), fullPage: true });

  const bank = isWide(page) ? banks.wide : banks.narrow;
  const account = completeSettlementAccount(`40703810${String(widthOf(page)).padStart(12, '0')}`, bank.bic);
  const control = Number(account[8]);
  const wrong = `${account.slice(0, 8)}${(control + 1) % 10}${account.slice(9)}`;
  await form.getByRole('textbox', { name: /^Банк/ }).fill(bank.name);
  await form.getByRole('textbox', { name: /БИК/ }).fill(bank.bic);
  await form.getByRole('textbox', { name: /Корреспондентский счёт/ }).fill(bank.correspondent);
  const settlement = form.getByRole('textbox', { name: /Расчётный счёт/ });
  await settlement.fill(wrong);
  await settlement.blur();
  await expect(settlement).toHaveAccessibleDescription('Неверный расчётный счёт (контрольная цифра)');
  await expect(form.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('edit-club-refused.png'), fullPage: true });

  await settlement.fill(account);
  // The fix is judged when the field is left (spec §5: on blur, not on input).
  await settlement.blur();
  await expect(settlement).not.toHaveAccessibleDescription(/контрольная цифра/);
  const save = form.getByRole('button', { name: 'Сохранить' });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Профиль организации сохранён')).toBeVisible();
  await expect(page).toHaveURL('/profile');
  await expect(
    cabinet.locator('dt', { hasText: 'Расчётный счёт' }).locator('xpath=following-sibling::dd'),
  ).toHaveText(account);

  await page.goto('/profile/edit');
  await page.reload();
  await expect(form.getByRole('textbox', { name: /Расчётный счёт/ })).toHaveValue(account);
  await expect(form.getByRole('textbox', { name: /БИК/ })).toHaveValue(bank.bic);
  await expect(form.getByRole('textbox', { name: /^Банк/ })).toHaveValue(bank.name);
});

/** The twin's own API, with the run's platform token: what only the platform's owner does. */
async function twin(request: APIRequestContext, path: string, data: unknown): Promise<unknown> {
  const answer = await request.post(`/sandbox/elma/pub/v1/app/sport/${path}`, {
    headers: { Authorization: `Bearer ${process.env['E2E_PLATFORM_TOKEN'] ?? ''}` },
    data,
  });
  if (!answer.ok()) throw new Error(`the twin answered ${answer.status()}: ${await answer.text()}`);
  return answer.json();
}

/**
 * The daughter as the demo has her — without a legal representative, without a live application to the
 * children's championship and without a parent's consent to publish — for the journeys after this one that show her
 * refusal or her registry-only card (the run's data is shared), and for this journey at the other width. Done after
 * the file's journeys whatever happened in them.
 */
async function restoreDaughter(request: APIRequestContext, daughterId: string) {
  await twin(request, `sportsman/${daughterId}/update`, {
    context: { legal_representative: [], publish_consent: null },
  });
  const requests = (await twin(request, 'requests/list', {
    active: true,
    filter: { tf: { sportsman: daughterId, competition: demoCompetitions.clubChildren } },
    size: 100,
  })) as { result: { result: { __id: string; requestState: string }[] } };
  for (const live of requests.result.result.filter((item) =>
    ['new', 'returned', 'approved'].includes(item.requestState),
  )) {
    await twin(request, `requests/${live.__id}/update`, { context: { requestState: 'cancelled' } });
  }
}

test.afterAll(async ({ request }) => {
  const [, daughterId = ''] = demoFamily.childIds;
  await restoreDaughter(request, daughterId);
});

test('a parent adds the daughter’s legal representative where the refusal leads, then applies her', async ({
  page,
}, testInfo) => {
  // Sign-in, the refusal, the form, the application and its withdrawal.
  test.slow();
  await signInAs(page, demoFamily.phone, 'Алиса');
  await page.goto(`/apply/${demoCompetitions.clubChildren}`);
  const refusal = page.getByRole('alert').filter({ hasText: 'Подать заявку на это мероприятие нельзя' });
  await expect(refusal).toContainText('добавьте законного представителя');
  await refusal.getByRole('link', { name: 'Добавить законного представителя' }).click();
  await expect(page).toHaveURL(fixPaths.legalRepresentative);

  // The section is where the page stands, clear of the sticky header.
  const section = page.locator(`#${LEGAL_REPRESENTATIVE_ANCHOR}`);
  const form = section.getByRole('form', { name: 'Законный представитель' });
  await expect(form).toBeVisible();
  await expect(section).toBeInViewport();
  const headerBottom = await page.getByRole('banner').evaluate((node) => node.getBoundingClientRect().bottom);
  const top = await section
    .getByRole('heading', { name: 'Законный представитель' })
    .evaluate((node) => node.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(headerBottom);
  await page.screenshot({ path: testInfo.outputPath('cabinet-minor-representative.png') });

  await form.getByRole('textbox', { name: /^Фамилия/ }).fill('Соколов');
  await form.getByRole('textbox', { name: /^Имя/ }).fill('Андрей');
  await form.getByRole('textbox', { name: /^Отчество/ }).fill('Викторович');
  // A representative under 18 is refused in the platform's words.
  const birthDate = form.getByRole('textbox', { name: /Дата рождения/ });
  await birthDate.pressSequentially(typedDigits(birthdayYearsAgo(16)));
  await birthDate.blur();
  await expect(birthDate).toHaveAccessibleDescription(/Законный представитель должен быть совершеннолетним/);
  await birthDate.fill('');
  await birthDate.pressSequentially('12051985');
  await form.getByRole('button', { name: 'Сохранить представителя' }).click();
  await expect(page.getByText('Законный представитель сохранён')).toBeVisible();
  await expect(section.getByText('Соколов Андрей Викторович')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('cabinet-minor.png'), fullPage: true });

  await page.goto(`/apply/${demoCompetitions.clubChildren}`);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Подать заявку на это мероприятие нельзя' }),
  ).toHaveCount(0);
  await page
    .getByRole('checkbox', { name: /^(Кумитэ|Ката)/, disabled: false })
    .first()
    .check();
  await page.getByRole('checkbox', { name: /Я принимаю/ }).check();
  await page.getByRole('button', { name: 'Подать заявку' }).click();
  await expect(page.getByText('Заявка подана')).toBeVisible();
  await expect(page).toHaveURL('/profile');
  // Her live application to this event: the one just made (an earlier width's is withdrawn already).
  const live = page
    .getByRole('article')
    .filter({ hasText: 'среди детей «Юный каратист»' })
    .filter({ hasText: 'Новая' });
  await expect(live).toHaveCount(1);

  // Withdrawn in the cabinet, as a parent would.
  await live.getByRole('button', { name: 'Отменить заявку' }).click();
  await page
    .getByRole('dialog', { name: 'Отменить заявку?' })
    .getByRole('button', { name: 'Отменить заявку' })
    .click();
  await expect(page.getByText('Заявка отменена')).toBeVisible();
  await expect(live).toHaveCount(0);
});

test('the consent to publish of a minor is the parent’s, off until given, and says when it was chosen', async ({
  page,
}, testInfo) => {
  await signInAs(page, demoFamily.phone, 'Алиса');
  const consent = page.getByRole('region', { name: 'Публичный профиль' });
  await expect(consent.getByText(/решает родитель или законный представитель/)).toBeVisible();
  const city = consent.getByRole('checkbox', { name: 'Город' });
  await city.setChecked(!(await city.isChecked()));
  const wanted = await city.isChecked();
  await consent.getByRole('button', { name: 'Сохранить выбор' }).click();
  await expect(page.getByText('Выбор сохранён')).toBeVisible();
  await expect(
    consent.getByText(/^Последний выбор: .*, сделан родителем \(законным представителем\)\.$/),
  ).toBeVisible();
  await page.reload();
  await expect(consent.getByRole('checkbox', { name: 'Город' })).toBeChecked({ checked: wanted });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('cabinet-minor-consent.png'), fullPage: true });
});
