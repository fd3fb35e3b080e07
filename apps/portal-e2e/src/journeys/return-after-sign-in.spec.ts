import { expect, test, type Page } from '../support/test';
import { demoAthleteExpired, demoClub, demoFamily, demoFederation } from '@fed/sandbox-fixtures';
import { expectActingAs, openFromMenu, pressSignIn } from '../support/menus';
import { freshName, freshPhone, registerPerson } from '../support/registration';
import { chooseAccount, signIn } from '../support/sign-in';

/**
 * Spec §2: a guest who signs in from a profile page comes back to it — after one athlete's sign-in, after choosing
 * among a family's athletes, after registering — and the page is named as someone else's profile (spec §2 titles)
 * for the user now signed in, who is loaded by then (spec §4).
 */

/** The page is someone else's profile, named `name` in the signed-in header and the tab. */
async function expectNamed(page: Page, name: string) {
  await expect(page.getByRole('banner')).toContainText(name);
  await expect(page).toHaveTitle(name);
}

test('a guest signs in from the federation’s page of the menu and is back on it, an organization’s page', async ({
  page,
}) => {
  await page.goto('/');
  await openFromMenu(page, 'Федерация');
  const federationPage = `/profile/${demoFederation.organizationId}`;
  await expect(page).toHaveURL(federationPage);
  await expect(page).toHaveTitle('Организации');

  await pressSignIn(page);
  await expect(page).toHaveURL('/login');
  await signIn(page, demoAthleteExpired.phone);

  await expect(page).toHaveURL(federationPage);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Федерация контактных единоборств' }),
  ).toBeVisible();
  await expectNamed(page, 'Организации');
  await expectActingAs(page, 'Волкова Екатерина Сергеевна');
});

test('a family signs in from a club’s page, chooses the daughter, and is back on the club as her', async ({
  page,
}) => {
  const clubPage = `/profile/${demoClub.organizationId}`;
  // «Войти» pressed as soon as the page's first script has run (DOMContentLoaded waits for it), long before the
  // app takes the server's page over (after the load event): on a wide screen a whole page load of /login, which
  // learns where it came from by the referrer; on a phone the menu's button, held by that script and pressed again
  // once the page is taken over. Sooner, before any script, the button is bare HTML and does nothing.
  await page.goto(clubPage, { waitUntil: 'domcontentloaded' });
  await pressSignIn(page);
  await signIn(page, demoFamily.phone);
  await chooseAccount(page, 'Алиса');

  await expect(page).toHaveURL(clubPage);
  await expect(page.getByRole('heading', { level: 1, name: 'СК «Сэнсэй»' })).toBeVisible();
  await expectNamed(page, 'Организации');
  await expectActingAs(page, 'Соколова Алиса Андреевна');
});

test('a newcomer registers from an athlete’s page and is back on it, signed in as the new person', async ({
  page,
}) => {
  const athletePage = `/profile/${demoFamily.parentId}`;
  await page.goto(athletePage);
  await expect(page.getByRole('heading', { level: 1, name: 'Соколов Андрей Викторович' })).toBeVisible();

  await pressSignIn(page);
  // The phone field, focused on arrival, says it is required once it loses focus, and the line it adds moves
  // the links under it between the press and the release of a click: it is left first.
  const phone = page.getByRole('textbox', { name: /Телефон/ });
  await expect(phone).toBeFocused();
  await phone.blur();
  await expect(phone).toHaveAccessibleDescription('Поле обязательно');
  await page.getByRole('link', { name: 'Зарегистрироваться' }).click();
  await expect(page).toHaveURL('/register');
  const firstName = freshName('Вера');
  await registerPerson(page, freshPhone(), { lastName: 'Климова', firstName, middleName: 'Олеговна' });

  await expect(page).toHaveURL(athletePage);
  await expect(page.getByRole('heading', { level: 1, name: 'Соколов Андрей Викторович' })).toBeVisible();
  await expectNamed(page, 'Спортсмены');
  await expectActingAs(page, `Климова ${firstName} Олеговна`);
});

test('a guest who looked at a profile but signs in from elsewhere lands in the cabinet', async ({ page }) => {
  await page.goto(`/profile/${demoClub.organizationId}`);
  await pressSignIn(page);
  await expect(page).toHaveURL('/login');
  await page.goto('/competitions');
  await expect(page.getByRole('heading', { level: 1, name: 'Мероприятия' })).toBeVisible();
  await pressSignIn(page);
  await signIn(page, demoAthleteExpired.phone);
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
});
