import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { SIGNED_IN_COOKIE } from '@fed/contracts';
import { demoAthleteExpired, sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { signIn } from '../support/sign-in';
import { calendarDayOf } from '@fed/calendar';

interface EventRow {
  __id: string;
  __name: string;
  date_start: string;
  date_end: string;
  programs?: { __name: string }[];
}

/** A platform read through the api's proxy, as a guest's page makes it. */
async function read<T>(request: APIRequestContext, script: string, input: unknown): Promise<T> {
  const path = `/api/extensions/${sandboxPublicConfig.extensions.functions}/script/${script}`;
  const target = encodeURIComponent(`${path}?data=${encodeURIComponent(JSON.stringify(input))}`);
  const answer = await request.get(`/api/proxy?url=${target}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as T;
}

/** A day as the portal writes an event's dates (Moscow time): «12 декабря». */
const dayOf = (iso: string) =>
  new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'Europe/Moscow' }).format(
    new Date(iso),
  );

/** Watches a page's requests to the api, its document loads and its scripts from now on. */
function watch(page: Page) {
  const api: string[] = [];
  const documents: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) api.push(decodeURIComponent(`${url.pathname}${url.search}`));
    if (request.resourceType() === 'document') documents.push(url.pathname);
    if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
  });
  return { api, documents, scripts };
}

/** The app's own chunk (`src/app/start.tsx`), which a guest's page taken over by its islands never loads. */
const APP_CHUNK = /^\/assets\/start-[^/]*\.js$/;

/** The app, or the page's islands, have taken the page over (the ready mark), and nothing more is on its way. */
async function takenOver(page: Page) {
  await page.locator('html[data-portal-ready]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
}

/** The page's layout shifts so far, as Lighthouse sums them (those right after input left out). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) sum += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 100);
      }),
  );

const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

test.describe('Public pages come rendered from the server', () => {
  test("the events list and an event's page carry their content without JavaScript", async ({ request }) => {
    const { result: events } = await read<{ result: EventRow[] }>(request, 'getEvents', {
      when: 'upcoming',
      from: 0,
      size: 20,
    });
    expect(events.length).toBeGreaterThan(0);
    const list = await request.get('/competitions');
    expect(list.status()).toBe(200);
    expect(list.headers()['content-type']).toBe('text/html; charset=utf-8');
    const listHtml = await list.text();
    expect(listHtml).toContain('<title>Мероприятия</title>');
    for (const event of events) expect(listHtml).toContain(escaped(event.__name));

    const first = events[0] as EventRow;
    const { data: details } = await read<{ data: EventRow }>(request, 'getEventById', { id: first.__id });
    const page = await request.get(`/competitions/${first.__id}`);
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<title>${escaped(first.__name)} — ФКЕ</title>`);
    expect(html).toContain(`>${escaped(first.__name)}</h1>`);
    expect(html).toContain(dayOf(first.date_end));
    expect(html).toContain(String(calendarDayOf(Date.parse(first.date_end)).year));
    expect(details.programs?.length).toBeGreaterThan(0);
    for (const program of details.programs ?? []) expect(html).toContain(escaped(program.__name));
  });

  test('the browser takes a rendered page over without asking again for what it carried', async ({
    page,
  }) => {
    const seen = watch(page);
    // On a phone nothing moves while the page loads and is taken over (the wide events filters still change
    // their layout once the app knows the screen's width).
    const phone = (page.viewportSize()?.width ?? 0) < 768;
    for (const path of ['/', '/competitions']) {
      seen.api.length = 0;
      seen.scripts.length = 0;
      await page.goto(path);
      await takenOver(page);
      expect({ path, api: seen.api }).toEqual({ path, api: [] });
      // Only the page's islands are taken over: the app (its router, its store) is not loaded at all.
      expect(seen.scripts.filter((script) => APP_CHUNK.test(script))).toEqual([]);
      if (phone) expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    }

    // A guest's links between public pages are page loads the server renders: the event comes as a document
    // with its content, and the browser reads nothing to show it.
    seen.documents.length = 0;
    seen.api.length = 0;
    const card = page.getByRole('article').first();
    const name = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveTitle(`${name} — ФКЕ`);
    const eventPath = new URL(page.url()).pathname;
    expect(seen.documents).toEqual([eventPath]);
    await takenOver(page);
    expect(seen.api).toEqual([]);

    // And the event's own page, opened directly, reads nothing either.
    seen.api.length = 0;
    await page.goto(eventPath);
    await takenOver(page);
    expect(seen.api).toEqual([]);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('a menu pressed before the app has taken the page over still opens @mobile', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
  });

  test('a menu pressed before its island is hydrated opens once it is @mobile', async ({ page }) => {
    // The islands' entry is held back until the press: the visitor was quicker than the network.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/hydrate-islands-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await expect(page.getByRole('navigation', { name: 'Меню' })).toBeHidden();
    release();
    await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  });

  test("the events list's filters change the list in place, keeping the search box's focus and text", async ({
    page,
  }) => {
    const seen = watch(page);
    await page.goto('/competitions');
    await takenOver(page);
    seen.documents.length = 0;
    const search = page.getByRole('searchbox', { name: 'Поиск мероприятий' });
    await search.click();
    await expect(page.getByText('Вводите текст для поиска')).toBeVisible();
    await search.pressSequentially('Сэнсэй', { delay: 50 });
    await expect(page).toHaveURL(/[?&]q=%D0%A1%D1%8D%D0%BD%D1%81%D1%8D%D0%B9/);
    const cards = page.getByRole('article');
    await expect(cards.first()).toContainText('Сэнсэй');
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('Сэнсэй');
    // The list came from the server's rendering of the new address, not from a page load.
    expect(seen.documents).toEqual([]);

    // Back shows the plain list again, the box emptied with it.
    await page.getByRole('radio', { name: 'Все' }).click();
    await expect(page).toHaveURL(/[?&]when=all/);
    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]when=all/);
    await expect(page.getByRole('radio', { name: 'Предстоящие' })).toBeChecked();
    await expect(search).toHaveValue('Сэнсэй');
    expect(seen.documents).toEqual([]);
  });

  test('the sign-in page comes as HTML, and a number typed and sent before the app is there is kept', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/login')).text();
    expect(html).toContain('Введите номер телефона — мы пришлём код подтверждения в SMS.');
    expect(html).toContain('name="phone"');

    // The sign-in's island (its chunk) is held back until the number is typed: the visitor was quicker than the
    // network. The app itself never loads here: the page is taken over island by island.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const appLoaded: string[] = [];
    page.on('request', (sent) => {
      if (/\/assets\/start-[^/]*\.js$/.test(sent.url())) appLoaded.push(sent.url());
    });
    await page.route(/\/assets\/sign-in-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    const phone = page.getByLabel('Телефон');
    await phone.pressSequentially(demoAthleteExpired.phone.replace(/^\+7/, ''));
    await expect(page.getByRole('button', { name: 'Получить код' })).toBeDisabled();
    // Enter before the app is there is held, and sends the form with the typed number once it is.
    await phone.press('Enter');
    release();
    await expect(page.getByRole('heading', { name: 'Код из SMS' })).toBeVisible();
    await expect(page.getByText(/Мы отправили код на номер .*999\D*000\D*00\D*02/)).toBeVisible();
    expect(appLoaded).toEqual([]);
  });

  test('an unknown address is a 404 with the 404 view', async ({ request }) => {
    const answer = await request.get('/no/such/page');
    expect(answer.status()).toBe(404);
    const html = await answer.text();
    expect(html).toContain('Страница не найдена');
    expect(html).toContain('<title>Competitions | Error 404</title>');
  });

  test('someone signed in gets the app, never a flash of the guest page', async ({ page, request }) => {
    const shell = await request.get('/competitions', { headers: { Cookie: `${SIGNED_IN_COOKIE}=1` } });
    expect(await shell.text()).toContain('<div id="root"></div>');

    await page.goto('/login');
    await signIn(page, demoAthleteExpired.phone);
    await expect(page).toHaveURL('/profile');
    const hint = (await page.context().cookies()).find((cookie) => cookie.name === SIGNED_IN_COOKIE);
    expect(hint?.value).toBe('1');

    const answer = await page.goto('/competitions');
    expect(await answer?.text()).toContain('<div id="root"></div>');
    await expect(page.getByRole('heading', { level: 1, name: 'Мероприятия' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Войти' })).toHaveCount(0);

    // Signing out clears the hint: the next page is the guest's, rendered on the server.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/competitions');
    // The app, once started, finds no session and takes the hint away.
    await page.locator('html[data-portal-ready]').waitFor({ state: 'attached' });
    expect((await page.context().cookies()).some((cookie) => cookie.name === SIGNED_IN_COOKIE)).toBe(false);
    const guest = await page.goto('/competitions');
    expect(await guest?.text()).not.toContain('<div id="root"></div>');
  });

  test('the rendered pages read well with JavaScript off', async ({ browser, request }, testInfo) => {
    const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
    const { result } = await read<{ result: EventRow[] }>(request, 'getEvents', {
      when: 'upcoming',
      size: 1,
    });
    const context = await browser.newContext({ javaScriptEnabled: false, viewport, locale: 'ru-RU' });
    const page = await context.newPage();
    for (const path of ['/', '/competitions', `/competitions/${result[0]?.__id ?? ''}`, '/sportsmen']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      const name = path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
      await page.screenshot({ path: testInfo.outputPath(`${name}-nojs.png`), fullPage: true });
    }
    await context.close();
  });
});
