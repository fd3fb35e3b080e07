import { expect, test, type Page } from '../support/test';
import {
  demoAthleteExpired,
  demoClub,
  demoCompetitions,
  demoFamily,
  sandboxPublicConfig,
} from '@fed/sandbox-fixtures';
import { expectAccessible, requestsOf } from '../support/axe';
import { resetAthlete } from '../support/payments';
import { callApi, callPlatform, platformApp } from '../support/platform';
import { chooseAccount, signIn } from '../support/sign-in';
import { runDate } from '../support/clock';

/**
 * axe over every route of the spec (§2) as a guest, an athlete and a club, at both widths (the two projects),
 * with the states that matter open: the side menu or the user dropdown, the add-account dialog, the cancel
 * confirmation, forms with their errors shown. No serious or critical violation anywhere. One sign-in per role
 * and width: each role's routes are walked in one test, each route a step, every finding reported at once.
 *
 * Routes a role may not open (a guest's protected pages, an athlete's organization pages) send it elsewhere
 * (guards, proven in sign-in.spec.ts and not-found.spec.ts); the page they land on is among that role's routes.
 */

// Each role opens up to twenty pages and runs axe on each: minutes, not the default half minute.
test.describe.configure({ timeout: 180_000 });

const isWide = (page: Page) => (page.viewportSize()?.width ?? 0) >= 1024;

/**
 * Opens a route and judges it. The first route of each layout is judged whole (`frame`); the others by their own
 * content, the frame being the same (see `expectAccessible`).
 */
async function visit(page: Page, path: string, state = path, { frame = false } = {}): Promise<void> {
  await test.step(state, async () => {
    requestsOf(page);
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await expectAccessible(page, state, { scope: frame ? 'page' : 'content' });
  });
}

/** Opens the side menu (small screens) or the user dropdown (wide ones), checks it, and closes it. */
async function withMenuOpen(page: Page, signedIn: boolean): Promise<void> {
  await test.step('menu open', async () => {
    if (isWide(page)) {
      if (!signedIn) return;
      await page.getByRole('button', { name: /Меню аккаунта/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page, 'user dropdown open');
      await page.keyboard.press('Escape');
      return;
    }
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
    await expectAccessible(page, 'side menu open');
    await page.getByRole('button', { name: 'Закрыть меню' }).click();
  });
}

test('every page a guest may open', async ({ page }) => {
  await visit(page, '/', '/', { frame: true });
  await withMenuOpen(page, false);
  await visit(page, '/competitions');
  await visit(page, `/competitions/${demoCompetitions.clubOpen}`);
  await visit(page, '/sportsmen');
  await visit(page, '/organizations');
  await visit(page, '/fk');
  await visit(page, `/profile/${demoAthleteExpired.sportsmanId}`, 'an athlete’s public profile');
  await visit(page, `/profile/${demoClub.organizationId}`, 'a club’s public profile');
  await visit(page, `/documents/${sandboxPublicConfig.offerDocumentIds.user}`, 'a legal document', {
    frame: true,
  });
  await visit(page, '/no-such-page', 'the 404 view');
  await visit(page, '/register');
  await visit(page, '/register-org');
  await visit(page, '/login-change');

  await visit(page, '/login');
  await test.step('the login form with its error shown', async () => {
    const phone = page.getByRole('textbox', { name: /Телефон/ });
    await phone.fill('123');
    await phone.blur();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'login with an error', { scope: 'content' });
  });
  await test.step('the code step', async () => {
    await page.getByRole('textbox', { name: /Телефон/ }).fill(demoAthleteExpired.phone.slice(2));
    await page.getByRole('button', { name: 'Получить код' }).click();
    await expect(page.getByRole('textbox', { name: /Код подтверждения/ })).toBeFocused();
    await expectAccessible(page, 'login, the code step', { scope: 'content' });
  });
});

test('every page an athlete may open', async ({ page }) => {
  const parent = demoFamily.parentId;
  const son = demoFamily.childIds[0];
  const cup = demoCompetitions.federationCup;
  await resetAthlete(page.request, parent, { events: [cup] });
  const sales: string[] = [];
  try {
    await page.goto('/login');
    await signIn(page, demoFamily.phone);
    await expectAccessible(page, 'the account choice', { scope: 'content' });
    await chooseAccount(page, 'Соколов Андрей');
    await expect(page).toHaveURL('/profile');

    // What the routes show: an application of the parent's, its order, a photo/video order of the son's.
    const eligibility = await callPlatform(page, 'getApplicationEligibility', {
      sportsmanId: parent,
      competitionId: cup,
    });
    const programs = (
      eligibility.body['data'] as { programs: Array<{ programId: string; eligible: boolean }> }
    ).programs;
    const programId = programs.find((program) => program.eligible)?.programId;
    const applied = await callPlatform(page, 'createApplication', {
      sportsmanId: parent,
      competitionId: cup,
      programIds: [programId],
      coach: null,
      acceptOffer: true,
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const requestId = (applied.body['data'] as { __id: string }).__id;
    const orderId = (await callApi<{ id: string }>(page, 'POST', '/api/orders', { requestIds: [requestId] }))
      .body.id;
    const offer = await callPlatform(page, 'getPhotoVideoOffer', {
      sportsmanId: son,
      competitionId: demoCompetitions.photoVideoCup,
    });
    const performances = (
      offer.body['data'] as {
        performances: Array<{ entryId: string; programId: string; sale: { __id: string } | null }>;
      }
    ).performances;
    let saleId = performances.find((performance) => performance.sale)?.sale?.__id;
    if (!saleId) {
      const first = performances[0];
      const created = await callPlatform(page, 'createPhotoVideoSales', {
        sportsmanId: son,
        competitionId: demoCompetitions.photoVideoCup,
        items: [{ entryId: first?.entryId, programId: first?.programId, package: 'photo' }],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      saleId = (created.body['result'] as Array<{ __id: string }>)[0]?.__id;
      if (saleId) sales.push(saleId);
    }

    await visit(page, '/profile', 'the cabinet', { frame: true });
    await withMenuOpen(page, true);
    await test.step('the add-account dialog with its errors shown', async () => {
      if (isWide(page)) {
        await page.getByRole('button', { name: /Меню аккаунта/ }).click();
        await page.getByRole('menuitem', { name: 'Добавить нового спортсмена' }).click();
      } else {
        await page.getByRole('button', { name: 'Открыть меню' }).click();
        await page
          .getByRole('complementary', { name: 'Боковое меню' })
          .getByRole('button', { name: 'Добавить нового спортсмена' })
          .click();
      }
      const dialog = page.getByRole('dialog', { name: 'Добавление нового аккаунта' });
      const lastName = dialog.getByRole('textbox', { name: /Фамилия/ });
      await lastName.fill('С');
      await lastName.blur();
      await expect(lastName).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, 'the add-account dialog');
      await dialog.getByRole('button', { name: 'Отмена' }).click();
      await expect(dialog).toBeHidden();
      // Back in the side menu, which lies over the page: closed, as a visitor would, to reach the cabinet.
      if (!isWide(page)) await page.getByRole('button', { name: 'Закрыть меню' }).click();
    });
    await test.step('the cancel confirmation', async () => {
      const card = page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: /Кубок ФКЕ/ }) })
        .first();
      await card.getByRole('button', { name: 'Отменить заявку' }).click();
      await expect(page.getByRole('dialog', { name: 'Отменить заявку?' })).toBeVisible();
      await expectAccessible(page, 'the cancel confirmation');
      await page.getByRole('button', { name: 'Не отменять' }).click();
    });
    await visit(page, `/apply/${cup}`, 'the apply form (already applied)');
    await visit(page, `/apply/${demoCompetitions.clubOpen}`, 'the apply form');
    await test.step('the apply form with its errors shown', async () => {
      const coach = page.getByRole('textbox', { name: /Тренер/ });
      await coach.fill('Тренеров '.repeat(23));
      await coach.blur();
      await expect(coach).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, 'the apply form with an error', { scope: 'content' });
    });
    await visit(page, `/apply/edit/${requestId}`, 'editing an application');
    await visit(page, `/order/${orderId}`, 'the order page', { frame: true });
    await visit(page, `/apply-membership/${parent}`, 'the membership page');
    await visit(page, `/apply/photo-video/${demoCompetitions.photoVideoCup}`, 'ordering photos');
    await visit(page, `/apply/photo-video/edit/${saleId ?? ''}`, 'changing a photo order');
    await visit(page, `/photo-video/${demoCompetitions.photoVideoCup}`, 'the photo locker', { frame: true });
    await visit(page, `/profile/applications/photo-video/${son}`, 'the photo orders');
    await visit(page, '/competitions');
    await visit(page, `/competitions/${cup}`, 'an event page, applied');
    await visit(page, '/sportsmen');
    await visit(page, '/organizations');
    await visit(page, '/fk');
    await visit(page, `/profile/${demoClub.organizationId}`, 'a club’s profile');
    await visit(page, `/documents/${sandboxPublicConfig.offerDocumentIds.sportsman}`);
    await visit(page, '/no-such-page', 'the 404 view');
  } finally {
    await resetAthlete(page.request, parent, { events: [cup] });
    for (const sale of sales) {
      await platformApp(page.request, `photo_video_sales/${sale}/update`, {
        context: { status: 'cancelled', cancelled_at: runDate().toISOString() },
      });
    }
  }
});

test('every page a club may open', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demoClub.phone);
  await expect(page).toHaveURL('/profile');
  await visit(page, '/profile', 'the club’s cabinet', { frame: true });
  await withMenuOpen(page, true);
  await visit(page, '/profile/edit');
  await visit(page, '/profile/create-competition');
  await test.step('creating a competition with errors shown', async () => {
    const name = page.getByRole('textbox', { name: /^Название/ });
    await name.fill('Ку');
    await name.blur();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'create-competition with an error', { scope: 'content' });
  });
  await visit(page, '/profile/create-competition/success');
  await visit(page, `/profile/submit-documents/${demoCompetitions.clubOpen}`);
  await visit(page, `/competitions/${demoCompetitions.clubOpen}`, 'its own event');
  await visit(page, '/competitions');
  await visit(page, '/sportsmen');
  await visit(page, '/organizations');
  await visit(page, '/fk');
  await visit(page, `/profile/${demoFamily.parentId}`, 'an athlete’s profile');
});
