import { expect, test, type Page, type TestInfo } from '../support/test';
import { mkdirSync } from 'node:fs';
import {
  demoAthleteExpired,
  demoClub,
  demoCompetitions,
  demoFamily,
  demoFederation,
  sandboxPublicConfig,
} from '@fed/sandbox-fixtures';
import { othersPrivateFieldsIn, pageStateData, recordAnswers, type RecordedAnswer } from '../support/privacy';
import { isWide, openFromMenu } from '../support/menus';
import { signIn } from '../support/sign-in';

const [, daughterId] = demoFamily.childIds;

/** A full-page screenshot in the report and, for looking at, in /tmp/directories-e2e. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  mkdirSync('/tmp/directories-e2e', { recursive: true });
  await page.screenshot({ path: `/tmp/directories-e2e/${name}-${width}.png`, fullPage: true });
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** Nothing runs off the side of the page. */
async function expectNoSideScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

/** The pager marks page `n` as the current one: its number on a wide screen, «Страница n из …» on a phone. */
async function expectOnPage(page: Page, n: number) {
  if (isWide(page)) {
    await expect(page.getByRole('link', { name: `Страница ${n}` })).toHaveAttribute('aria-current', 'page');
  } else {
    await expect(page.getByText(new RegExp(`^Страница ${n} из \\d+$`))).toBeVisible();
  }
}

/** The platform's answer to one script call among the recorded ones. */
function answerTo(answers: readonly RecordedAnswer[], script: string, id: string) {
  return answers.find((answer) => {
    const target = new URL(answer.url).searchParams.get('url') ?? '';
    return (
      target.includes(`/script/${script}?`) && target.includes(encodeURIComponent(JSON.stringify({ id })))
    );
  });
}

/**
 * A guest's answer of a script, through the api as the server renders a guest's page from it: what a page taken
 * over by islands was made of, which it carries neither as an answer nor in its state.
 */
async function guestAnswer(page: Page, script: string, input: object): Promise<unknown> {
  const path = `/api/extensions/${sandboxPublicConfig.extensions.functions}/script/${script}`;
  const target = `${path}?data=${encodeURIComponent(JSON.stringify(input))}`;
  const answer = await page.request.get(`/api/proxy?url=${encodeURIComponent(target)}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: unknown }).data;
}

/** Acceptance 2: no answer carries a private field of anybody but `own`, and the minor shows no photo. */
async function expectNothingPrivate(
  page: Page,
  answers: readonly RecordedAnswer[],
  own: ReadonlySet<string>,
) {
  expect(answers.length).toBeGreaterThan(10);
  const leaks = answers.flatMap((answer) =>
    othersPrivateFieldsIn(answer.body, own).map((place) => `${new URL(answer.url).pathname} ${place}`),
  );
  expect(leaks).toEqual([]);
  // Read by the browser, or by the server for the page it rendered (then carried in the page's state, or, for a
  // page taken over by islands, in neither: the guest's answer the server rendered it from).
  const daughter =
    (answerTo(answers, 'getPublicProfile', daughterId)?.body as { data: unknown } | undefined)?.data ??
    pageStateData(answers, `publicProfile(${JSON.stringify(daughterId)})`) ??
    (own.size === 0 ? await guestAnswer(page, 'getPublicProfile', { id: daughterId }) : undefined);
  expect(daughter, 'the daughter’s page was read').toBeDefined();
  const data = daughter as { kind: string; profile: Record<string, unknown> };
  expect(data.kind).toBe('sportsman');
  expect(data.profile).not.toHaveProperty('photo');
}

/** The minor without a parent's consent: name, club and age class, the placeholder instead of her photo. */
async function expectMinorWithoutPhoto(page: Page) {
  await page.goto(`/profile/${daughterId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Соколова Алиса Андреевна' })).toBeVisible();
  await expect(page).toHaveTitle('Спортсмены');
  await expect(page.getByRole('main').locator('img')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Сведения' }).getByRole('term')).toHaveText([
    'Клуб',
    'Возрастной класс',
  ]);
}

test('a guest finds athletes, clubs and the federation from the menu; lists keep their state in the address; nothing private arrives', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const recorded = recordAnswers(page);
  await page.goto('/');

  // «Спортсмены»: search, order, filters and pages, all in the address.
  await openFromMenu(page, 'Спортсмены');
  await expect(page).toHaveURL('/sportsmen');
  await expect(page).toHaveTitle('Спортсмены');
  await expect(page.getByRole('heading', { level: 1, name: 'Спортсмены' })).toBeVisible();
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByText(/^Найдено \d+ спортсмен/)).toBeVisible();
  await expectNoSideScroll(page);
  await shoot(page, testInfo, 'sportsmen');

  await page.getByRole('combobox', { name: 'Сортировка' }).selectOption('city');
  await expect(page).toHaveURL(/[?&]sort=city/);
  if (!isWide(page)) await page.getByRole('button', { name: /^Фильтры/ }).click();
  await page.getByRole('combobox', { name: 'Членство в федерации' }).selectOption('valid');
  await expect(page).toHaveURL(/[?&]member=valid/);
  await expect(cards.first()).toContainText('член федерации');
  await page.getByRole('link', { name: 'Вперёд' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(cards.first()).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/sort=city/);
  await expect(page).toHaveURL(/member=valid/);
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('city');
  await expectOnPage(page, 2);
  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);

  await page.getByRole('searchbox', { name: 'Поиск спортсменов' }).fill('Соколов');
  await expect(page).toHaveURL(/[?&]q=/);
  const andrey = cards.filter({ hasText: 'Соколов Андрей Викторович' });
  await expect(andrey).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Поиск спортсменов' })).toHaveValue('Соколов');
  await expect(andrey).toBeVisible();
  await shoot(page, testInfo, 'sportsmen-filtered');

  // An athlete's page from the list: titled 'Спортсмены', the club a link.
  await andrey.getByRole('link', { name: 'Соколов Андрей Викторович' }).click();
  await expect(page).toHaveURL(`/profile/${demoFamily.parentId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Соколов Андрей Викторович' })).toBeVisible();
  await expect(page).toHaveTitle('Спортсмены');
  await expect(page.getByRole('region', { name: 'Выступления' }).getByRole('link').first()).toBeVisible();
  await expectNoSideScroll(page);
  await shoot(page, testInfo, 'athlete');

  await page.getByRole('region', { name: 'Сведения' }).getByRole('link', { name: 'СК «Сэнсэй»' }).click();
  await expect(page).toHaveURL(`/profile/${demoClub.organizationId}`);
  await expect(page).toHaveTitle('Организации');

  // «Организации»: search, city and pages in the address; a club's page from the list.
  await openFromMenu(page, 'Организации');
  await expect(page).toHaveURL('/organizations');
  await expect(page).toHaveTitle('Организации');
  await expect(page.getByRole('heading', { level: 1, name: 'Организации' })).toBeVisible();
  await expect(cards.first()).toBeVisible();
  await shoot(page, testInfo, 'organizations');
  await page.getByRole('link', { name: 'Вперёд' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await page.reload();
  await expectOnPage(page, 2);
  await page.getByRole('combobox', { name: 'Город' }).fill('Моск');
  await page
    .getByRole('option', { name: /Москва/ })
    .first()
    .click();
  await expect(page).toHaveURL(/[?&]city=/);
  await expect(page).not.toHaveURL(/page=2/);
  await page.getByRole('searchbox', { name: 'Поиск организаций' }).fill('Сэнсэй');
  await expect(page).toHaveURL(/[?&]q=/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Город' })).toHaveValue('Москва');
  const sensei = cards.filter({ hasText: 'СК «Сэнсэй»' });
  await expect(sensei).toBeVisible();
  await sensei.getByRole('link', { name: 'СК «Сэнсэй»' }).click();
  await expect(page).toHaveURL(`/profile/${demoClub.organizationId}`);
  await expect(page).toHaveTitle('Организации');
  await expect(page.getByRole('heading', { level: 1, name: 'СК «Сэнсэй»' })).toBeVisible();
  const contacts = page.getByRole('main').getByRole('region', { name: 'Контакты' });
  await expect(contacts.getByRole('link', { name: /^\+7/ })).toBeVisible();
  await expect(contacts.getByRole('link', { name: /@/ })).toBeVisible();
  const squad = page.getByRole('region', { name: /^Спортсмены клуба/ });
  await expect(squad.getByRole('article').first()).toBeVisible();
  await expectNoSideScroll(page);
  await shoot(page, testInfo, 'club');

  // «Федерация»: the fixed /profile/{id} of the menus, an organization's page (only /fk carries the short name),
  // with documents, events, clubs.
  await openFromMenu(page, 'Федерация');
  await expect(page).toHaveURL(`/profile/${demoFederation.organizationId}`);
  await expect(page).toHaveTitle('Организации');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Федерация контактных единоборств' }),
  ).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('region', { name: 'Документы' }).getByRole('link'),
  ).toHaveCount(3);
  await expect(
    page
      .getByRole('region', { name: /^Предстоящие мероприятия/ })
      .getByRole('link')
      .first(),
  ).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: /^Организации федерации/ })
      .getByRole('article')
      .first(),
  ).toBeVisible();
  await expectNoSideScroll(page);
  await shoot(page, testInfo, 'federation');
  await page.goto('/fk');
  await expect(page).toHaveTitle('ФКЕ');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Федерация контактных единоборств' }),
  ).toBeVisible();

  // From an event page: the organizer's name opens the club, the club's athletes open theirs.
  await page.goto(`/competitions/${demoCompetitions.clubOpen}`);
  await page.getByRole('link', { name: 'СК «Сэнсэй»' }).first().click();
  await expect(page).toHaveURL(`/profile/${demoClub.organizationId}`);
  await expect(page).toHaveTitle('Организации');
  const firstAthlete = page
    .getByRole('region', { name: /^Спортсмены клуба/ })
    .getByRole('article')
    .first();
  const athleteName = (await firstAthlete.getByRole('heading').textContent()) ?? '';
  await firstAthlete.getByRole('link', { name: athleteName }).click();
  await expect(page.getByRole('heading', { level: 1, name: athleteName })).toBeVisible();
  await expect(page).toHaveTitle('Спортсмены');

  await expectMinorWithoutPhoto(page);
  await shoot(page, testInfo, 'minor');
  await expectNothingPrivate(page, await recorded.answers(), new Set());
});

test('another athlete sees the same public pages in the signed-in frame, named by what they show, and nothing private of others', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await signIn(page, demoAthleteExpired.phone);
  await expect(page).toHaveURL('/profile');
  const recorded = recordAnswers(page);
  const header = page.getByRole('banner');

  await openFromMenu(page, 'Спортсмены');
  await expect(page).toHaveURL('/sportsmen');
  await expect(header).toContainText('Спортсмены');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await shoot(page, testInfo, 'sportsmen-signed-in');

  await page.goto(`/profile/${demoFamily.parentId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Соколов Андрей Викторович' })).toBeVisible();
  await expect(header).toContainText('Спортсмены');
  await expect(page).toHaveTitle('Спортсмены');

  await openFromMenu(page, 'Организации');
  await expect(page).toHaveURL('/organizations');
  await page.getByRole('main').getByRole('article').first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(header).toContainText('Организации');
  await expect(page).toHaveTitle('Организации');

  await openFromMenu(page, 'Федерация');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Федерация контактных единоборств' }),
  ).toBeVisible();
  await expect(header).toContainText('Организации');
  await expect(page).toHaveTitle('Организации');
  await shoot(page, testInfo, 'federation-signed-in');

  await page.goto(`/competitions/${demoCompetitions.clubOpen}`);
  await page.getByRole('link', { name: 'СК «Сэнсэй»' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'СК «Сэнсэй»' })).toBeVisible();
  await expect(header).toContainText('Организации');

  // The own page stays the cabinet.
  await page.goto(`/profile/${demoAthleteExpired.sportsmanId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
  await expect(header).toContainText('Личный кабинет');

  await expectMinorWithoutPhoto(page);
  await expectNothingPrivate(page, await recorded.answers(), new Set([demoAthleteExpired.sportsmanId]));
});
