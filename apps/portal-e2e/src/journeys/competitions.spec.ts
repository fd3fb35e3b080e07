import { expect, test, type Page } from '../support/test';
import { demoAthleteExpired, demoCompetitions, demoFamily } from '@fed/sandbox-fixtures';
import { callPlatform } from '../support/platform';
import { chooseAccount, signIn, switchAccount } from '../support/sign-in';

const isWide = (page: Page) => (page.viewportSize()?.width ?? 0) >= 1024;

test('a guest browses events with search, dates and pages, opens one and returns to it after signing in', async ({
  page,
}, testInfo) => {
  await page.goto('/competitions');
  await expect(page).toHaveTitle('Мероприятия');
  await expect(page.getByRole('heading', { level: 1, name: 'Мероприятия' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  // Nothing runs off the side, the period switch included.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('events.png'), fullPage: true });

  // Search (debounced) narrows the list and lands in the address.
  await page.getByRole('searchbox', { name: 'Поиск мероприятий' }).fill('Сэнсэй');
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(cards.first()).toContainText('Сэнсэй');
  await page.getByRole('searchbox', { name: 'Поиск мероприятий' }).fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);

  // All periods give more than one page; the pager moves on.
  // The period lives in the address: the radio turns checked once the navigation lands, so click, then wait.
  await page.getByRole('radio', { name: 'Все' }).click();
  await expect(page).toHaveURL(/[?&]when=all/);
  await expect(page.getByRole('radio', { name: 'Все' })).toBeChecked();
  await page.getByRole('link', { name: 'Вперёд' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(cards.first()).toBeVisible();

  // A date range from the calendar.
  if (!isWide(page)) await page.getByRole('button', { name: /^Фильтры/ }).click();
  await page.getByRole('button', { name: /Даты/ }).click();
  const picker = page.getByRole('dialog', { name: 'Выбор дат' });
  await picker
    .getByRole('button', { name: /^10\b|\b10 / })
    .first()
    .click();
  await picker
    .getByRole('button', { name: /^20\b|\b20 / })
    .first()
    .click();
  await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-10/);
  await expect(page).toHaveURL(/[?&]to=\d{4}-\d{2}-20/);
  await page.screenshot({ path: testInfo.outputPath('events-filtered.png'), fullPage: true });

  // The demo club's open tournament, then applying as a guest.
  await page.goto(`/competitions/${demoCompetitions.clubOpen}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Открытый турнир');
  await expect(page.getByText('Мужчины').first()).toBeVisible();
  await expect(page.getByText('Все').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Добавить в календарь' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.ics$/);
  await page.screenshot({ path: testInfo.outputPath('event.png'), fullPage: true });

  await page.getByRole('link', { name: 'Подать заявку' }).click();
  await expect(page).toHaveURL('/login');
  await signIn(page, demoFamily.phone);
  await chooseAccount(page, 'Соколов Андрей');
  await expect(page).toHaveURL(`/competitions/${demoCompetitions.clubOpen}`);
});

test('athletes who may not enter are told why before any form', async ({ page }, testInfo) => {
  // The daughter is a minor without a legal representative.
  await page.goto('/login');
  await signIn(page, demoFamily.phone);
  await chooseAccount(page, 'Алиса');
  await page.goto(`/apply/${demoCompetitions.clubChildren}`);
  const refusal = page.getByRole('alert').filter({ hasText: 'Подать заявку на это мероприятие нельзя' });
  await expect(refusal).toContainText(/представител/);
  await expect(page.getByRole('button', { name: 'Подать заявку' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('apply-minor.png'), fullPage: true });

  // The father may enter the open tournament, but not its women's programs.
  await switchAccount(page, 'Соколов Андрей');
  await page.goto(`/apply/${demoCompetitions.clubOpen}`);
  await expect(page.getByText('Программа проводится для спортсменов другого пола').first()).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Кумитэ, девушки/ }).first()).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: /^(Кумитэ|Ката)/, disabled: false }).first()).toBeEnabled();

  // An athlete whose membership expired.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await signIn(page, demoAthleteExpired.phone);
  await expect(page).toHaveURL('/profile');
  await page.goto(`/apply/${demoCompetitions.clubOpen}`);
  await expect(page.getByRole('alert')).toContainText(/[Чч]ленств/);
  await expect(page.getByRole('button', { name: 'Подать заявку' })).toHaveCount(0);
});

test('an athlete applies, edits the application and withdraws it; a refused transition says why @mobile', async ({
  page,
}, testInfo) => {
  await page.goto('/login');
  await signIn(page, demoFamily.phone);
  await chooseAccount(page, 'Соколов Андрей');
  await page.goto(`/apply/${demoCompetitions.federationCup}`);
  const programs = page.getByRole('checkbox', { name: /^(Кумитэ|Ката)/, disabled: false });
  await programs.first().check();
  await page.getByRole('textbox', { name: /Тренер/ }).fill('Иванов Сергей Петрович');
  const submit = page.getByRole('button', { name: 'Подать заявку' });
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: /Я принимаю/ }).check();
  await page.screenshot({ path: testInfo.outputPath('apply.png'), fullPage: true });
  await submit.click();
  await expect(page.getByText('Заявка подана')).toBeVisible();
  await expect(page).toHaveURL('/profile');

  const application = page.getByRole('article').filter({ hasText: 'Кубок' }).first();
  await expect(application).toContainText('Новая');
  await expect(application).toContainText('Иванов Сергей Петрович');
  await page.screenshot({ path: testInfo.outputPath('my-applications.png'), fullPage: true });

  // The event no longer offers to apply: it says the application is in, and leads to it.
  await page.goto(`/competitions/${demoCompetitions.federationCup}`);
  await expect(page.getByText('Заявка подана')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Подать заявку' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Изменить заявку' })).toHaveAttribute(
    'href',
    /^\/apply\/edit\//,
  );
  await page.goto('/profile');

  // Editing: another program instead.
  await application.getByRole('link', { name: 'Изменить' }).click();
  await expect(page).toHaveURL(/\/apply\/edit\//);
  const editPrograms = page.getByRole('checkbox', { name: /^(Кумитэ|Ката)/, disabled: false });
  await editPrograms.nth(1).check();
  await page.getByRole('button', { name: /Сохранить/ }).click();
  await expect(page.getByText('Заявка изменена')).toBeVisible();
  await expect(page).toHaveURL('/profile');

  // The athlete may not approve their own application: the proxy refuses in Russian.
  const requestId = (await page.getByRole('link', { name: 'Изменить' }).first().getAttribute('href'))
    ?.split('/')
    .pop();
  const refused = await callPlatform(page, 'changeCompetitionRequestState', {
    requestId,
    requestState: 'approved',
  });
  expect(refused.status).toBeGreaterThanOrEqual(400);
  expect(refused.body.message).toMatch(/[А-Яа-я]/);

  // Withdrawing, with a confirmation.
  await page
    .getByRole('article')
    .filter({ hasText: 'Кубок' })
    .first()
    .getByRole('button', { name: 'Отменить заявку' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Отменить заявку' }).click();
  await expect(page.getByText('Заявка отменена')).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Кубок' }).first()).toContainText('Отменена');
});
