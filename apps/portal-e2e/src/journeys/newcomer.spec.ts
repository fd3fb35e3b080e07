import { expect, test, type Locator, type Page } from '../support/test';
import { federation, fixPaths } from '@fed/contracts';
import { demoAthleteExpired, demoCompetitions, demoFamily, sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { pageUntilShown } from '../support/paging';
import { chooseAccount, signIn } from '../support/sign-in';
import { runYear } from '../support/clock';

/**
 * What a newcomer trips over, walked at both widths: an application shown where it was made, refusals that
 * lead to their fix, the tab named after the event, a venue down to the house with a map, the whole poster,
 * one federation name, and the cabinet's small cuts.
 */

const isWide = (page: Page) => (page.viewportSize()?.width ?? 0) >= 1024;

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

/** The box of the nearest ancestor that draws a border: the card an element sits in. */
async function cardBox(element: Locator) {
  return element.evaluate((node) => {
    let card: Element | null = node.parentElement;
    while (card && getComputedStyle(card).borderRightWidth === '0px') card = card.parentElement;
    const box = (card ?? document.body).getBoundingClientRect();
    return {
      left: box.left,
      right: box.right,
      paddingRight: parseFloat(getComputedStyle(card ?? document.body).paddingRight),
    };
  });
}

test('an athlete who has applied is told so on the event and in the list, with the way to the application', async ({
  page,
}, testInfo) => {
  await signInAs(page, demoFamily.phone, 'Соколов Андрей');
  // The parent has a new application to an event ahead (the demo seed's). Journeys before this one leave their
  // withdrawn applications on top of the list, so it may be on a later page.
  const application = page.getByRole('article').filter({ hasText: 'Новая' }).first();
  await expect(page.getByRole('region', { name: 'Мои заявки' }).getByRole('article').first()).toBeVisible();
  await pageUntilShown(application, page.getByRole('navigation', { name: 'Страницы заявок' }), {
    perPageMs: 3_000,
    maxPages: 5,
  });
  const eventLink = application.getByRole('heading').getByRole('link');
  const eventName = (await eventLink.textContent()) ?? '';
  const editPath = (await application.getByRole('link', { name: 'Изменить' }).getAttribute('href')) ?? '';
  expect(editPath).toMatch(/^\/apply\/edit\//);

  await eventLink.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(eventName);
  await expect(page).toHaveTitle(`${eventName} — ${federation.shortName}`);
  const facts = page.getByRole('complementary', { name: 'Участие' });
  await expect(facts.getByText('Заявка подана')).toBeVisible();
  await expect(facts.getByText('Статус: новая')).toBeVisible();
  await expect(facts.getByRole('link', { name: 'Изменить заявку' })).toHaveAttribute('href', editPath);
  await expect(facts.getByRole('link', { name: 'Подать заявку' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('event-applied.png'), fullPage: true });

  await facts.getByRole('link', { name: 'Изменить заявку' }).click();
  await expect(page).toHaveURL(editPath);
  await expect(page).toHaveTitle(`Заявка: ${eventName} — ${federation.shortName}`);

  // The list marks the same event for this athlete.
  await page.goto(`/competitions?q=${encodeURIComponent(eventName)}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: eventName }) });
  await expect(card.getByText('Заявка подана')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('events-applied.png'), fullPage: true });
});

test('refusals that name a fix link to where the fix is made', async ({ page }, testInfo) => {
  // A minor without a legal representative.
  await signInAs(page, demoFamily.phone, 'Алиса');
  const [, daughterId] = demoFamily.childIds;
  expect(daughterId).toBeTruthy();
  await page.goto(`/apply/${demoCompetitions.clubChildren}`);
  const refusal = page.getByRole('alert').filter({ hasText: 'Подать заявку на это мероприятие нельзя' });
  const representative = refusal.getByRole('link', { name: 'Добавить законного представителя' });
  await expect(representative).toHaveAttribute('href', fixPaths.legalRepresentative);
  await expect(page).toHaveTitle(/^Заявка: Первенство СК «Сэнсэй» среди детей «Юный каратист» — ФКЕ$/);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('refusal-minor.png'), fullPage: true });
  await representative.click();
  await expect(page).toHaveURL('/profile#legal-representative');

  // An athlete whose membership expired.
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, demoAthleteExpired.phone);
  await page.goto(`/apply/${demoCompetitions.clubOpen}`);
  await expect(page.getByRole('alert').getByRole('link', { name: 'Оформить членство' })).toHaveAttribute(
    'href',
    fixPaths.membership(demoAthleteExpired.sportsmanId, demoCompetitions.clubOpen),
  );
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('refusal-membership.png'), fullPage: true });
});

test('the event page shows the venue as one line with a map link, and the whole poster', async ({
  page,
}, testInfo) => {
  await page.goto(`/competitions/${demoCompetitions.clubOpen}`);
  await expect(page).toHaveTitle('Открытый турнир СК «Сэнсэй» по каратэ — кубок клуба — ФКЕ');
  const facts = page.getByRole('complementary', { name: 'Участие' });
  const place = facts.locator('dt', { hasText: 'Место' }).locator('xpath=following-sibling::dd');
  await expect(place).toHaveText('г Москва, ул Лужники, д 24Показать на карте');
  const map = place.getByRole('link', { name: 'Показать на карте' });
  await expect(map).toHaveAttribute('href', /^https:\/\/yandex\.ru\/maps\/\?pt=37\.\d+,55\.\d+&z=16&l=map$/);
  await expect(map).toHaveAttribute('target', '_blank');

  // The portrait poster is shown whole: its box has the picture's own proportions, nothing is cropped.
  const poster = page.getByRole('img', { name: /^Афиша:/ });
  await expect(poster).toBeVisible();
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const shape = await poster.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    return { shown: box.width / box.height, natural: img.naturalWidth / img.naturalHeight };
  });
  expect(shape.natural).toBeLessThan(1);
  expect(Math.abs(shape.shown - shape.natural)).toBeLessThan(0.02);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('event-venue-poster.png'), fullPage: true });
});

test('the cabinet fits: whole placeholder and name, menu buttons inside their card, event days as a range, toasts under the header', async ({
  page,
}, testInfo) => {
  await signInAs(page, demoFamily.phone, 'Соколов Андрей');
  const main = page.getByRole('main');

  // The search says all of «Название мероприятия».
  const search = main.getByRole('searchbox', { name: 'Поиск по заявкам' });
  await expect(search).toBeVisible();
  const room = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return { text: 0, box: 0 };
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const box = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: context.measureText(input.placeholder).width, box };
  });
  expect(room.text).toBeLessThanOrEqual(room.box);

  // «Выбрать» and «Добавить нового спортсмена» keep inside the account card's padding.
  for (const button of [
    main.getByRole('button', { name: /^Выбрать/ }).first(),
    main.getByRole('button', { name: 'Добавить нового спортсмена' }),
  ]) {
    const card = await cardBox(button);
    const box = await button.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(card.right - card.paddingRight + 0.5);
  }

  // The header shows the whole name when there is room for it.
  if (isWide(page)) {
    const name = page.getByRole('banner').getByText('Соколов Андрей Викторович', { exact: true });
    await expect(name).toBeVisible();
    expect(await name.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0);
  }

  // A multi-day event shows its days, not its first one.
  await expect(
    main
      .getByRole('article')
      .getByText(/^\d{1,2}(–| [а-я]+ – )\d{1,2} [а-я]+ \d{4}$/)
      .first(),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('cabinet.png'), fullPage: true });

  // Withdrawing asks once more in a compact dialog: the question sits right above its buttons.
  await main.getByRole('button', { name: 'Отменить заявку' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Отменить заявку?' });
  await expect(dialog).toBeVisible();
  const gap = await dialog.evaluate((node) => {
    const description = node.querySelector('p');
    const footer = node.querySelector('footer');
    if (!description || !footer) return Number.POSITIVE_INFINITY;
    return footer.getBoundingClientRect().top - description.getBoundingClientRect().bottom;
  });
  expect(gap).toBeLessThanOrEqual(16);
  await page.screenshot({ path: testInfo.outputPath('cancel-dialog.png') });
  await dialog.getByRole('button', { name: 'Не отменять' }).click();

  // A toast never covers the header (its user menu or burger): the platform refuses an application here.
  await page.goto(`/apply/${demoCompetitions.clubOpen}`);
  await page.route('**/api/proxy?url=*createApplication*', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 400,
        code: 'platform_refused',
        message: 'Приём заявок приостановлен',
      }),
    }),
  );
  await page
    .getByRole('checkbox', { name: /^(Кумитэ|Ката)/, disabled: false })
    .first()
    .check();
  await page.getByRole('checkbox', { name: /Я принимаю/ }).check();
  await page.getByRole('button', { name: 'Подать заявку' }).click();
  const toast = page.getByText('Приём заявок приостановлен');
  await expect(toast).toBeVisible();
  const header = await page.getByRole('banner').boundingBox();
  const toastBox = await toast.boundingBox();
  expect(toastBox?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  await page.screenshot({ path: testInfo.outputPath('toast.png') });
  await page.unroute('**/api/proxy?url=*createApplication*');
});

test('the federation has one name: the site and its legal documents', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('contentinfo')).toContainText(`© ${runYear()} ${federation.name}`);
  await page.goto(`/documents/${sandboxPublicConfig.offerDocumentIds.sportsman}`);
  const document = page.getByRole('main');
  await expect(document).toContainText(federation.legalName);
  await expect(document).not.toContainText('Синкэн');
});
