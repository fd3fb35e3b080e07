import { expect, onRunClock, test, type Locator, type Page } from '../support/test';
import { federationHour } from '@fed/calendar';
import { demoClub, demoCompetitions, demoFamily } from '@fed/sandbox-fixtures';
import { runNow } from '../support/clock';
import { pageUntilShown } from '../support/paging';
import { payByCard, resetAthlete } from '../support/payments';
import { chooseAccount, signIn } from '../support/sign-in';

/**
 * Notices as the family meets them, at both widths: a refund shows in the bell and on «Уведомления», and its
 * letter arrives in the mail twin; a club returns an application with a reason, and the athlete finds the
 * bell's count, the notice with the reason, and the SMS in the outbox. The e-mail address is set on the
 * settings page, as a person would.
 */

const EMAIL = 'sokolov.notices@example.ru';

/** The outbox worker runs every 5 s: what it sends arrives within a few of its rounds. */
const DELIVERY = { timeout: 20_000, intervals: [500] };

/** SMS the portal sends on its own wait for 09:00–22:00 Moscow; a run at night sees them held. */
const smsHours = () => {
  const hour = federationHour(runNow());
  return hour >= 9 && hour < 22;
};

async function shoot(page: Page, name: string, fullPage = true) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `/tmp/notices-${name}-${width}.png`, fullPage });
}

async function mailTo(page: Page, to: string) {
  const answer = await page.request.get('/sandbox/mail', { params: { to } });
  return (
    (await answer.json()) as {
      messages: { subject: string; text: string; headers: Record<string, string> }[];
    }
  ).messages;
}

async function smsTo(page: Page, phone: string) {
  const answer = await page.request.get('/sandbox/sms', { params: { phone } });
  return ((await answer.json()) as { messages: { text: string }[] }).messages;
}

/** The bell in the header: its name carries the unread count. */
const bell = (page: Page): Locator => page.getByRole('banner').getByRole('link', { name: /^Уведомления/ });

async function signInAs(page: Page, phone: string, account?: string) {
  await page.goto('/login');
  await signIn(page, phone);
  if (account) await chooseAccount(page, account);
  await expect(page).toHaveURL('/profile');
}

const applicationCard = (page: Page, event: RegExp): Locator =>
  page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: event }) })
    .first();

async function apply(page: Page, eventId: string) {
  await page.goto(`/apply/${eventId}`);
  await page
    .getByRole('checkbox', { name: /^(Кумитэ|Ката)/, disabled: false })
    .first()
    .check();
  await page.getByRole('checkbox', { name: /Я принимаю/ }).check();
  await page.getByRole('button', { name: 'Подать заявку' }).click();
  await expect(page).toHaveURL('/profile');
}

test.describe('notices', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a refund shows in the bell and on «Уведомления», and its letter arrives with a one-click unsubscribe', async ({
    page,
  }) => {
    const reset = () =>
      resetAthlete(page.request, demoFamily.parentId, { events: [demoCompetitions.federationCup] });
    await reset();
    try {
      await signInAs(page, demoFamily.phone, 'Соколов Андрей');
      await page.goto('/notices/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Настройки уведомлений' })).toBeVisible();
      await page.getByRole('textbox', { name: 'Электронная почта' }).fill(EMAIL);
      await expect(page.getByRole('checkbox', { name: 'Деньги возвращены: эл. почта' })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Деньги возвращены: СМС' })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Членство заканчивается: эл. почта' })).toBeChecked();
      // An athlete is not asked about a club's affairs.
      await expect(page.getByRole('row', { name: /Новые заявки на мероприятия/ })).toHaveCount(0);
      await shoot(page, 'settings');
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await expect(page.getByText('Настройки уведомлений сохранены')).toBeVisible();
      const lettersBefore = (await mailTo(page, EMAIL)).length;

      await apply(page, demoCompetitions.federationCup);
      const card = applicationCard(page, /Кубок ФКЕ/);
      await card.getByRole('button', { name: 'Оплатить' }).click();
      await expect(page).toHaveURL(/\/order\/[^/]+$/);
      const orderPath = new URL(page.url()).pathname;
      await page.getByRole('button', { name: /^Оплатить/ }).click();
      await payByCard(page);
      await expect(page).toHaveURL(orderPath, { timeout: 15_000 });
      await page.goto('/profile');
      await card.getByRole('button', { name: 'Отменить с возвратом взноса' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Отменить и вернуть взнос' }).click();
      await expect(page.getByText('Заявка отменена, взнос возвращается на карту')).toBeVisible();

      // The bell counts it (the refund, and the payment before it) at once on the next page.
      await page.goto('/profile');
      await expect(bell(page)).toHaveAccessibleName(/^Уведомления, \d+ непрочитанн/);
      const wide = (page.viewportSize()?.width ?? 0) >= 1024;
      if (!wide) {
        await page.getByRole('button', { name: 'Открыть меню' }).click();
        await expect(
          page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: /^Уведомления, \d+/ }),
        ).toBeVisible();
        await shoot(page, 'side-menu', false);
        await page.getByRole('button', { name: 'Закрыть меню' }).click();
      }
      await shoot(page, 'bell', false);
      await bell(page).click();
      await expect(page).toHaveURL('/notices');
      const notice = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: 'Деньги возвращены' }) })
        .first();
      await expect(notice).toContainText('Соколов Андрей Викторович');
      await expect(notice).toContainText(/Возвращено [\d ]+ ₽: Стартовый взнос: Кубок ФКЕ/);
      await expect(notice).toContainText('Новое');
      await shoot(page, 'list');

      // The letter: the worker sends it within a few seconds.
      await expect
        .poll(
          async () =>
            (await mailTo(page, EMAIL)).filter((mail) => mail.subject === 'ФКЕ: Деньги возвращены').length,
          DELIVERY,
        )
        .toBeGreaterThan(0);
      const letters = await mailTo(page, EMAIL);
      expect(letters.length).toBeGreaterThan(lettersBefore);
      const letter = letters.find((mail) => mail.subject === 'ФКЕ: Деньги возвращены');
      expect(letter?.text).toContain('Кубок ФКЕ');
      expect(letter?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(letter?.headers['list-unsubscribe']).toMatch(/\/api\/notices\/unsubscribe\?token=/);

      // Opening the notice goes to its order and marks it read.
      const before = (await bell(page).textContent()) ?? '';
      await notice.getByRole('link', { name: 'Деньги возвращены' }).click();
      await expect(page).toHaveURL(orderPath);
      await page.goto('/notices');
      await expect(
        page
          .getByRole('listitem')
          .filter({ has: page.getByRole('link', { name: 'Деньги возвращены' }) })
          .first(),
      ).not.toContainText('Новое');
      await expect(bell(page)).not.toHaveText(before);
    } finally {
      await reset();
    }
  });

  test('a club returns an application with a reason: the athlete sees the bell’s count, the notice and the SMS', async ({
    page: athlete,
    browser,
  }) => {
    const wide = (athlete.viewportSize()?.width ?? 0) >= 1024;
    const who = wide
      ? { id: demoFamily.parentId, name: 'Соколов Андрей', heading: 'Соколов Андрей Викторович' }
      : { id: demoFamily.childIds[0], name: 'Матвей', heading: 'Соколов Матвей Андреевич' };
    const reset = () => resetAthlete(athlete.request, who.id, { events: [demoCompetitions.clubOpen] });
    await reset();
    const reason = `Приложите справку от врача (${wide ? 'широкий' : 'узкий'} экран)`;
    try {
      await signInAs(athlete, demoFamily.phone, who.name);
      await apply(athlete, demoCompetitions.clubOpen);
      const smsBefore = (await smsTo(athlete, demoFamily.phone)).length;

      const clubContext = await onRunClock(await browser.newContext());
      const club = await clubContext.newPage();
      await club.goto('/login');
      await signIn(club, demoClub.phone);
      await expect(club).toHaveURL('/profile');
      const tournament = /кубок клуба/;
      const event = club
        .getByRole('listitem')
        .filter({ has: club.getByRole('heading', { name: tournament }) })
        .first();
      await expect(club.getByRole('heading', { name: 'Мои мероприятия' })).toBeVisible();
      await pageUntilShown(event, club.getByRole('navigation', { name: 'Страницы мероприятий' }));
      await event.getByRole('button', { name: 'Заявки' }).click();
      const request = club
        .getByRole('article')
        .filter({ has: club.getByRole('heading', { name: who.heading }) })
        .first();
      await request.getByRole('button', { name: 'Взять на рассмотрение' }).click();
      await expect(request).toContainText('На рассмотрении');
      await request.getByRole('button', { name: 'Вернуть на доработку' }).click();
      const dialog = club.getByRole('dialog', { name: 'Вернуть заявку на доработку' });
      await dialog.getByRole('textbox', { name: /Причина/ }).fill(reason);
      await dialog.getByRole('button', { name: 'Вернуть' }).click();
      await expect(request).toContainText('Возвращена на доработку');
      // The club is asked about its own affairs only.
      await club.goto('/notices/settings');
      await expect(
        club.getByRole('checkbox', { name: 'Новые заявки на мероприятия: эл. почта' }),
      ).toBeChecked();
      await expect(club.getByRole('row', { name: /Деньги возвращены/ })).toHaveCount(0);
      await clubContext.close();

      await athlete.reload();
      await expect(bell(athlete)).toHaveAccessibleName(/^Уведомления, \d+ непрочитанн/);
      await bell(athlete).click();
      const notice = athlete
        .getByRole('listitem')
        .filter({ has: athlete.getByRole('link', { name: 'Заявка возвращена на доработку' }) })
        .filter({ hasText: reason })
        .first();
      await expect(notice).toContainText(who.heading);
      await expect(notice).toContainText(`Что исправить: ${reason}.`);
      await shoot(athlete, 'returned');

      if (smsHours()) {
        await expect
          .poll(async () => (await smsTo(athlete, demoFamily.phone)).length, DELIVERY)
          .toBeGreaterThan(smsBefore);
        const [latest] = await smsTo(athlete, demoFamily.phone);
        expect(latest?.text).toMatch(/^ФКЕ: Заявка возвращена на доработку\./);
      } else {
        // At night it is held until 09:00 Moscow: nothing reaches the phone meanwhile.
        await athlete.waitForTimeout(6_000);
        expect((await smsTo(athlete, demoFamily.phone)).length).toBe(smsBefore);
      }

      // The notice opens the application's edit page, where the reason is corrected.
      await notice.getByRole('link', { name: 'Заявка возвращена на доработку' }).click();
      await expect(athlete).toHaveURL(/\/apply\/edit\/[^/]+$/);
    } finally {
      await reset();
    }
  });
});
