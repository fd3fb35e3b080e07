import { expect, onRunClock, test, type Locator, type Page } from '../support/test';
import { demoAthleteExpired, demoClub, demoCompetitions, demoFamily } from '@fed/sandbox-fixtures';
import {
  DECLINED_CARD,
  expirePayment,
  payByCard,
  paymentIdOf,
  providerPayment,
  resetAthlete,
} from '../support/payments';
import { pageUntilShown } from '../support/paging';
import { chooseAccount, signIn } from '../support/sign-in';

/**
 * Paying what the portal asks, through the YooKassa twin's card page, at both widths: the expired athlete
 * renewing and entering the event that refused her, the entry fee and the missing membership in one order, a
 * declined card and an expired payment, an order nobody else may see, a refund on withdrawal. Each journey puts
 * the demo athletes it touches back as the seed has them, before and after, so that both widths (and the
 * journeys of other files after this one) find them as they expect.
 */

const expiredAthlete = demoAthleteExpired.sportsmanId;
const resetExpired = (page: Page) =>
  resetAthlete(page.request, expiredAthlete, {
    membershipEndedDaysAgo: demoAthleteExpired.membershipEndedDaysAgo,
    events: [demoCompetitions.clubOpen, demoCompetitions.federationCup],
  });
const resetParent = (page: Page) =>
  resetAthlete(page.request, demoFamily.parentId, { events: [demoCompetitions.federationCup] });

async function signInAs(page: Page, phone: string, account?: string) {
  await page.goto('/login');
  await signIn(page, phone);
  if (account) await chooseAccount(page, account);
  await expect(page).toHaveURL('/profile');
}

async function signOut(page: Page) {
  await page.evaluate(() => localStorage.clear());
}

/** Nothing on the page runs off its side. */
async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

async function shoot(page: Page, name: string) {
  await expectNoSidewaysScroll(page);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `/tmp/payments-${name}-${width}.png`, fullPage: true });
}

/** Picks the first open program, accepts the agreement: the apply form ready to send. */
async function fillApplication(page: Page) {
  await page
    .getByRole('checkbox', { name: /^(Кумитэ|Ката)/, disabled: false })
    .first()
    .check();
  await page.getByRole('checkbox', { name: /Я принимаю/ }).check();
}

/** The signed-in athlete's card of an application in the cabinet. */
const applicationCard = (page: Page, event: RegExp): Locator =>
  page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: event }) })
    .first();

/** The parent applies to the federation's cup and opens its order from the cabinet's «Оплатить». */
async function parentOrdersTheCup(page: Page): Promise<string> {
  await signInAs(page, demoFamily.phone, 'Соколов Андрей');
  await page.goto(`/apply/${demoCompetitions.federationCup}`);
  await fillApplication(page);
  await page.getByRole('button', { name: 'Подать заявку' }).click();
  await expect(page).toHaveURL('/profile');
  const card = applicationCard(page, /Кубок ФКЕ/);
  await expect(card).toContainText('Не оплачена');
  await expect(card.getByRole('button', { name: 'Оплатить' })).toBeVisible();
  await shoot(page, 'cabinet-pay-button');
  await card.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page).toHaveURL(/\/order\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Заказ на/ })).toBeVisible();
  return new URL(page.url()).pathname;
}

test.describe('payments', () => {
  // Each journey signs in, pays on the card page and waits for its return: more than the default half minute.
  test.describe.configure({ timeout: 120_000 });

  test('the expired athlete is refused, renews her membership, pays by card, sees the card and enters the event', async ({
    page,
  }) => {
    await resetExpired(page);
    try {
      await signInAs(page, demoAthleteExpired.phone);
      // The cabinet says the membership has ended.
      await expect(page.getByRole('region', { name: 'Напоминания о членстве' })).toContainText(
        'Членство закончилось',
      );

      await page.goto(`/apply/${demoCompetitions.clubOpen}`);
      const refusal = page.getByRole('alert');
      await expect(refusal).toContainText('продлите членство');
      await refusal.getByRole('link', { name: 'Оформить членство' }).click();
      await expect(page).toHaveURL(`/apply-membership/${expiredAthlete}?event=${demoCompetitions.clubOpen}`);

      await expect(page.getByRole('heading', { level: 1, name: 'Членство в федерации' })).toBeVisible();
      await expect(page.getByText('Закончилось', { exact: true })).toBeVisible();
      await expect(page.getByText(/календарный год/)).toBeVisible();
      await expect(page.getByText(/1\s500\s₽/).first()).toBeVisible();
      await shoot(page, 'membership-expired');
      // The season is named when the event falls in the next one; «Оплатить» when a request is already open.
      await page
        .getByRole('button', { name: /^(Оформить членство( на сезон \d{4})?|Оплатить членство)$/ })
        .click();

      await expect(page).toHaveURL(/\/order\/[^/]+$/);
      const orderPath = new URL(page.url()).pathname;
      await expect(page.getByRole('heading', { level: 1, name: /^Заказ на 1\s500\s₽$/ })).toBeVisible();
      await expect(page.getByText(/^Членский взнос ФКЕ, сезон \d{4}/)).toBeVisible();
      await expect(page.getByText('Ожидает оплаты')).toBeVisible();
      await shoot(page, 'order-new');
      await page.getByRole('button', { name: /^Оплатить 1\s500\s₽$/ }).click();

      await payByCard(page);
      await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
      // The card page returns the payer to the portal by itself.
      await expect(page).toHaveURL(orderPath, { timeout: 15_000 });
      await expect(page.getByText('Оплата прошла')).toBeVisible();
      await expect(page.getByText('Оплачен', { exact: true })).toBeVisible();
      await shoot(page, 'order-paid');

      // The new term and the card.
      await page.getByRole('link', { name: 'Членство спортсмена' }).click();
      await expect(page.getByText('Действует', { exact: true })).toBeVisible();
      await expect(page.getByText(/31 декабря \d{4}/).first()).toBeVisible();
      const card = page.getByRole('article').filter({ hasText: 'Членский билет' });
      await expect(card).toContainText('Волкова Екатерина Сергеевна');
      await expect(card.getByRole('img', { name: /QR-код/ })).toBeVisible();
      await shoot(page, 'membership-card');
      // Printed, the card stands alone (what «Распечатать билет» prints).
      await page.evaluate(() => (document.documentElement.dataset['printing'] = 'membershipCard'));
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: `/tmp/payments-card-print-${page.viewportSize()?.width ?? 0}.png` });
      await page.emulateMedia({ media: 'screen' });
      await page.evaluate(() => delete document.documentElement.dataset['printing']);

      // Back to the event that refused her: accepted now.
      await page.goto(orderPath);
      await page.getByRole('link', { name: 'Вернуться к заявке на мероприятие' }).click();
      await expect(page).toHaveURL(`/apply/${demoCompetitions.clubOpen}`);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await fillApplication(page);
      await page.getByRole('button', { name: 'Подать заявку' }).click();
      await expect(page.getByText('Заявка подана')).toBeVisible();
      await expect(page).toHaveURL('/profile');
      await expect(applicationCard(page, /Открытый турнир/)).toContainText('Новая');
      await expect(page.getByRole('heading', { name: 'Членский билет' })).toBeVisible();
      await shoot(page, 'cabinet-card');
    } finally {
      await resetExpired(page);
    }
  });

  test('an athlete pays the entry fee and the missing membership in one order; the organizer sees it paid', async ({
    page,
    browser,
  }) => {
    await resetExpired(page);
    try {
      await signInAs(page, demoAthleteExpired.phone);
      await page.goto(`/apply/${demoCompetitions.clubOpen}`);
      await expect(page.getByRole('alert')).toContainText('продлите членство');
      const offer = page.getByRole('region', { name: 'Подать заявку и оплатить членство вместе со взносом' });
      await expect(offer).toBeVisible();
      await fillApplication(page);
      await expect(offer).toContainText('Итого к оплате');
      await shoot(page, 'apply-one-order');
      await page.getByRole('button', { name: 'Оплатить взнос и членство' }).click();

      await expect(page).toHaveURL(/\/order\/[^/]+$/);
      const lines = page.getByRole('list', { name: 'Состав заказа' }).getByRole('listitem');
      await expect(lines).toHaveCount(2);
      await expect(lines.filter({ hasText: 'Стартовый взнос' })).toContainText('Открытый турнир');
      await expect(lines.filter({ hasText: 'Членский взнос' })).toContainText(/1\s500\s₽/);
      await shoot(page, 'order-two-lines');
      await page.getByRole('button', { name: /^Оплатить/ }).click();
      await payByCard(page);
      await expect(page).toHaveURL(/\/order\/[^/]+$/, { timeout: 15_000 });
      await expect(page.getByText('Оплата прошла')).toBeVisible();
      await page.getByRole('link', { name: 'Вернуться к мероприятию' }).click();
      await expect(page).toHaveURL(`/competitions/${demoCompetitions.clubOpen}`);
      await expect(page.getByText('Заявка подана')).toBeVisible();

      // The organizer sees the request paid.
      const clubContext = await onRunClock(
        await browser.newContext({ viewport: page.viewportSize() ?? undefined }),
      );
      const club = await clubContext.newPage();
      await signInAs(club, demoClub.phone);
      const event = club
        .getByRole('listitem')
        // The journey's own event: the demo seed's drawn events of the club carry the same opening words.
        .filter({ has: club.getByRole('heading', { name: /кубок клуба/ }) })
        .first();
      await expect(club.getByRole('heading', { name: 'Мои мероприятия' })).toBeVisible();
      await pageUntilShown(event, club.getByRole('navigation', { name: 'Страницы мероприятий' }), {
        perPageMs: 8_000,
      });
      await event.getByRole('button', { name: 'Заявки' }).click();
      await club.getByRole('searchbox', { name: 'Поиск по участникам' }).fill('Волкова');
      const paid = club
        .getByRole('article')
        .filter({ has: club.getByRole('heading', { name: /Волкова Екатерина/ }) })
        .first();
      await expect(paid.getByText('Взнос оплачен').first()).toBeVisible();
      await expect(paid).toContainText('Оплачена');
      await club.screenshot({
        path: `/tmp/payments-organizer-paid-${page.viewportSize()?.width ?? 0}.png`,
        fullPage: true,
      });
      await clubContext.close();
    } finally {
      await resetExpired(page);
    }
  });

  test('a declined card says why and may be tried again; an expired payment leaves the order payable', async ({
    page,
  }) => {
    await resetParent(page);
    try {
      const orderPath = await parentOrdersTheCup(page);
      await page.getByRole('button', { name: /^Оплатить/ }).click();
      await payByCard(page, DECLINED_CARD);
      await expect(page.getByRole('heading', { name: 'Платёж отклонён' })).toBeVisible();
      await expect(page).toHaveURL(orderPath, { timeout: 15_000 });
      const declined = page.getByRole('alert');
      await expect(declined).toContainText('Платёж не прошёл');
      await expect(declined).toContainText('недостаточно средств');
      await shoot(page, 'order-declined');

      // Trying again opens a new payment; leaving its card page leaves it waiting.
      await page.getByRole('button', { name: /^Оплатить/ }).click();
      await expect(page).toHaveURL(/\/sandbox\/yookassa\/checkout\//);
      const left = paymentIdOf(page.url());
      await page.getByRole('link', { name: 'Вернуться в магазин' }).click();
      await expect(page).toHaveURL(orderPath);
      await expect(page.getByText('Ждём ответа платёжного сервиса')).toBeVisible();
      await expect(page.getByText('Оплата не завершена')).toBeVisible();
      await shoot(page, 'order-pending');

      // An hour later the payment has expired: the order says so and is payable again.
      await expirePayment(page.request, left);
      await page.getByRole('button', { name: 'Обновить' }).click();
      const expired = page.getByRole('alert');
      await expect(expired).toContainText('Оплата не была завершена');
      await expect(expired).toContainText('Время на оплату истекло');
      await expect(page.getByRole('button', { name: /^Оплатить/ })).toBeEnabled();
      await shoot(page, 'order-expired');
      // Payable again: a new payment on the card page.
      await page.getByRole('button', { name: /^Оплатить/ }).click();
      await expect(page).toHaveURL(/\/sandbox\/yookassa\/checkout\//);
      expect(paymentIdOf(page.url())).not.toBe(left);
      await expect(page.getByRole('button', { name: /^Оплатить/ })).toBeEnabled();
    } finally {
      await resetParent(page);
    }
  });

  test('another login opening an athlete’s order gets the 404 view', async ({ page }) => {
    await resetParent(page);
    try {
      const orderPath = await parentOrdersTheCup(page);
      await signOut(page);
      for (const phone of [demoAthleteExpired.phone, demoClub.phone]) {
        await signInAs(page, phone);
        await page.goto(orderPath);
        await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
        await expect(page.getByRole('heading', { name: /^Заказ на/ })).toHaveCount(0);
        await signOut(page);
      }
      await page.goto(orderPath);
      await expect(page).toHaveURL('/login');
    } finally {
      await resetParent(page);
    }
  });

  test('a paid application withdrawn before the deadline is refunded, in the cabinet and at the provider', async ({
    page,
  }) => {
    await resetParent(page);
    try {
      const orderPath = await parentOrdersTheCup(page);
      await page.getByRole('button', { name: /^Оплатить/ }).click();
      const paymentId = await payByCard(page);
      await expect(page).toHaveURL(orderPath, { timeout: 15_000 });
      await expect(page.getByText('Оплата прошла')).toBeVisible();

      await page.goto('/profile');
      const card = applicationCard(page, /Кубок ФКЕ/);
      await expect(card.getByText('Взнос оплачен').first()).toBeVisible();
      await card.getByRole('button', { name: 'Отменить с возвратом взноса' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Отменить и вернуть взнос' }).click();
      await expect(page.getByText('Заявка отменена, взнос возвращается на карту')).toBeVisible();
      await expect(card.getByText('Взнос возвращён', { exact: true })).toBeVisible();
      await expect(card).toContainText('Возвращены деньги');
      await shoot(page, 'cabinet-refunded');

      const provider = await providerPayment(page.request, paymentId);
      expect(provider.status).toBe('succeeded');
      expect(Number(provider.refunded_amount?.value)).toBeGreaterThan(0);
      await page.goto(orderPath);
      await expect(page.getByText('Деньги возвращены на карту')).toBeVisible();
      await shoot(page, 'order-refunded');
    } finally {
      await resetParent(page);
    }
  });
});
