import { expect, onRunClock, test, type Browser, type Page } from '../support/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { demoAthleteExpired, demoClub, demoCompetitions, demoFamily } from '@fed/sandbox-fixtures';
import { chooseAccount, signIn, switchAccount } from '../support/sign-in';
import { callApi } from '../support/platform';

const cup = demoCompetitions.photoVideoCup;
const sonId = demoFamily.childIds[0];
/** The short clip the api's own tests upload (a 2-second 160×120 H.264 test picture, 5 kB). */
const clip = readFileSync(join(import.meta.dirname, '../../../api/src/media/testing/clip.mp4'));

/** Each width orders its own performance of the son's, so the two runs on one sandbox do not meet. */
const performanceOf = (project: string) => (project.startsWith('mobile') ? 'Ката' : 'Кумитэ');

/** A photo from the club's camera: a colour field with a stripe, made here. */
function photo(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
    <rect width="900" height="600" fill="rgb(${hue},${200 - hue / 2},${255 - hue})"/>
    <rect x="0" y="260" width="900" height="80" fill="rgb(250,250,250)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The files of a zip, read through its central directory with each CRC checked (what an unzip does). */
function zipEntries(archive: Buffer): Array<{ name: string; size: number }> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files: Array<{ name: string; size: number }> = [];
  for (let index = 0; index < count; index += 1) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const crc = archive.readUInt32LE(at + 16);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const skip = archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    expect(crc32(archive.subarray(start, start + size)) >>> 0, name).toBe(crc);
    files.push({ name, size });
    at += 46 + nameLength + skip;
  }
  return files;
}

async function shot(page: Page, name: string, project: string): Promise<void> {
  await page.screenshot({ path: `/tmp/pv-${project}-${name}.png`, fullPage: true });
}

/** A new browser window signed in as a demo phone (the club, another athlete). */
async function signedInWindow(browser: Browser, phone: string, baseURL: string | undefined): Promise<Page> {
  const context = await onRunClock(
    await browser.newContext({ baseURL, locale: 'ru-RU', timezoneId: 'Europe/Moscow' }),
  );
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, phone);
  await expect(page).toHaveURL(/\/profile/);
  return page;
}

/**
 * On the order page: «Оплатить» goes to the provider's card page. The order page belongs to the payments work;
 * where it is not there yet, the same call its button makes (the orders API's pay) opens the card page.
 */
async function toCardPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/order\/[^/]+$/);
  const button = page.getByRole('button', { name: /^Оплатить/ });
  if (await button.isVisible({ timeout: 5_000 }).catch(() => false)) {
    await button.click();
  } else {
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const { body } = await callApi<{ confirmationUrl: string }>(
      page,
      'POST',
      `/api/orders/${encodeURIComponent(orderId)}/pay`,
      {},
    );
    const url = body.confirmationUrl;
    await page.goto(url);
  }
  await expect(page.getByRole('textbox', { name: 'Номер карты' })).toBeVisible();
}

test('photos and videos of the son’s performance: ordered, previews, paid, full quality and one zip, cancelled with a refund; nobody else sees them', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  const performance = performanceOf(project);
  const mark = project.startsWith('mobile') ? 'm' : 'd';

  // A guest who opens the locker signs in first and comes back to it (acceptance 4).
  await page.goto(`/photo-video/${cup}`);
  await expect(page).toHaveURL('/login');
  await shot(page, 'login', project);
  await signIn(page, demoFamily.phone);
  await chooseAccount(page, 'Матвей');
  await expect(page).toHaveURL(`/photo-video/${cup}`);
  // Nothing ordered yet for this performance's width: another width's order may be there, or none.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The parent orders photos and video of the son's performance (acceptance 1).
  await page.goto(`/apply/photo-video/${cup}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Заказ фото и видео' })).toBeVisible();
  // Only this performance: an unpaid order another run left on the other one is dropped.
  const others = page
    .getByRole('listitem')
    .filter({ hasNot: page.getByRole('heading', { name: new RegExp(`^${performance}`) }) })
    .getByRole('radio', { name: 'Не нужно' });
  for (const other of await others.all()) await other.check();
  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${performance}`) }) });
  await item.getByRole('radio', { name: /^Фото и видео — 1\s400\s₽$/ }).check();
  await expect(page.getByText(/Итого/)).toContainText(/1\s400\s₽/);
  await shot(page, 'apply', project);
  await page.getByRole('button', { name: 'Оформить и оплатить' }).click();
  await expect(page).toHaveURL(/\/order\//);
  const orderUrl = page.url();
  await shot(page, 'order', project);

  // The club uploads three photos and a short video and tags them to the son's performance.
  const club = await signedInWindow(browser, demoClub.phone, baseURL);
  const opener = club.getByRole('button', { name: /Осенний кубок .* среди юношей/ });
  const event = club.getByRole('listitem').filter({ has: opener });
  await opener.click();
  const input = event.getByLabel('Загрузить фото и видео');
  await input.setInputFiles([
    { name: `${mark}-старт.png`, mimeType: 'image/png', buffer: await photo(40) },
    { name: `${mark}-ката.png`, mimeType: 'image/png', buffer: await photo(120) },
    { name: `${mark}-награждение.png`, mimeType: 'image/png', buffer: await photo(200) },
    { name: `${mark}-выход.mp4`, mimeType: 'video/mp4', buffer: clip },
  ]);
  const queue = event.getByRole('list', { name: 'Загрузка файлов' });
  // A file the server could not take this time (the platform busy) is sent again by its own «Повторить».
  await expect(async () => {
    for (const retry of await queue.getByRole('button', { name: 'Повторить' }).all()) await retry.click();
    await expect(queue.getByText('Загружено')).toHaveCount(4, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  // An HTML page renamed as a photo is refused by its bytes (acceptance 5).
  await input.setInputFiles([
    { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<!doctype html><title>x</title>') },
  ]);
  await expect(queue.getByRole('alert')).toContainText('Неверный формат файла');
  for (const name of [
    `Фото ${mark}-старт.png`,
    `Фото ${mark}-ката.png`,
    `Фото ${mark}-награждение.png`,
    `Видео ${mark}-выход.mp4`,
  ]) {
    await event.getByRole('checkbox', { name }).check();
  }
  await event.getByRole('checkbox', { name: new RegExp(`Матвей.* — ${performance}`) }).check();
  await event.getByRole('button', { name: 'Отметить выбранных' }).click();
  await expect(
    event
      .getByRole('listitem')
      .filter({ has: club.getByRole('checkbox', { name: new RegExp(`Матвей.* — ${performance}`) }) }),
  ).toContainText('Фото 3 · видео 1');
  await shot(club, 'organizer', project);
  // The club cannot tag to a competition it does not organize (acceptance 5).
  const { status: foreign } = await callApi(
    club,
    'POST',
    `/api/media/events/${demoCompetitions.federationCup}/tags`,
    {
      mediaIds: ['x'],
      entries: [{ entryId: 'x', programId: 'x' }],
    },
  );
  expect(foreign).toBe(403);
  await club.context().close();

  // Before payment: marked previews only, and the original's address refused (acceptance 2).
  await page.goto(`/photo-video/${cup}`);
  const card = page.getByRole('region', { name: new RegExp(`^${performance}`) });
  await expect(card.getByText('Показаны превью с водяным знаком')).toBeVisible();
  const tiles = card.getByRole('list', { name: /Фото и видео/ }).getByRole('button');
  await expect(tiles).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Скачать всё (ZIP)' })).toHaveCount(0);
  const preview = (await card.locator('img').first().getAttribute('src')) ?? '';
  expect(preview).toContain('/preview?');
  expect((await page.request.get(preview)).status()).toBe(200);
  expect((await page.request.get(preview.replace('/preview?', '/full?'))).status()).toBe(403);
  await shot(page, 'locker-preview', project);

  // Paid on the YooKassa twin's card page with the test card.
  await page.goto(orderUrl);
  await toCardPage(page);
  await shot(page, 'card', project);
  await page.getByRole('textbox', { name: 'Номер карты' }).fill('5555 5555 5555 4477');
  await page.getByRole('textbox', { name: 'Срок действия' }).fill('12/40');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page.getByText('Оплата прошла')).toBeVisible();

  // Full quality after: originals, the viewer, and «Скачать всё» as one zip opened here.
  await expect(async () => {
    await page.goto(`/photo-video/${cup}`);
    await expect(page.getByRole('link', { name: 'Скачать всё (ZIP)' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(card.getByText('Показаны превью с водяным знаком')).toHaveCount(0);
  expect(await card.locator('img').first().getAttribute('src')).toContain('/display?');
  await tiles.first().click();
  const viewer = page.getByRole('dialog', { name: /1 из 4/ });
  await expect(viewer).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: /2 из 4/ })).toBeVisible();
  await shot(page, 'viewer', project);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const zipHref = (await page.getByRole('link', { name: 'Скачать всё (ZIP)' }).getAttribute('href')) ?? '';
  const zip = await page.request.get(zipHref);
  expect(zip.headers()['content-type']).toBe('application/zip');
  const files = zipEntries(await zip.body());
  expect(files).toHaveLength(4);
  expect(files.some((file) => file.name.endsWith('.mp4') && file.size === clip.length)).toBe(true);
  await shot(page, 'locker-paid', project);

  // The family's one login: the parent's own locker is empty; the son's comes back through the account switcher.
  await switchAccount(page, 'Соколов Андрей');
  await page.goto(`/photo-video/${cup}`);
  await expect(page.getByRole('heading', { name: 'Фото и видео не найдены' })).toBeVisible();
  await switchAccount(page, 'Матвей');
  await page.goto(`/photo-video/${cup}`);
  await expect(page.getByRole('link', { name: 'Скачать всё (ZIP)' })).toBeVisible();

  // Another login opening the athlete's locker: 404 (acceptance 4).
  const stranger = await signedInWindow(browser, demoAthleteExpired.phone, baseURL);
  await stranger.goto(`/photo-video/${cup}`);
  await expect(stranger.getByRole('heading', { name: 'Фото и видео не найдены' })).toBeVisible();
  const { status } = await callApi(stranger, 'GET', `/api/media/lockers/${cup}/${sonId}`);
  expect(status).toBe(404);
  await shot(stranger, 'stranger', project);
  await stranger.context().close();

  // The orders list shows it paid; cancelled before the event, its money goes back (acceptance 3).
  await page.goto(`/profile/applications/photo-video/${sonId}`);
  const order = page
    .getByRole('article')
    .filter({ hasText: new RegExp(performance) })
    .first();
  await expect(order).toContainText('Оплачена');
  await shot(page, 'list', project);
  await order.getByRole('link', { name: 'Подробнее' }).click();
  await expect(page).toHaveURL(/\/apply\/photo-video\/edit\//);
  await shot(page, 'edit', project);
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${performance}`) }) })
    .getByRole('button', { name: 'Отменить с возвратом денег' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Отменить и вернуть деньги' }).click();
  await expect(page.getByText('Заказ отменён, деньги вернутся на карту')).toBeVisible();
  await page.goto(`/profile/applications/photo-video/${sonId}`);
  await page.getByRole('combobox', { name: 'Статус оплаты' }).selectOption({ label: 'Возвращены деньги' });
  await expect(
    page
      .getByRole('article')
      .filter({ hasText: new RegExp(performance) })
      .first(),
  ).toContainText('Возвращены деньги');
  // Gone from what may be paid: no «Оплатить» on it.
  await expect(
    page
      .getByRole('article')
      .filter({ hasText: new RegExp(performance) })
      .first()
      .getByRole('button', { name: 'Оплатить' }),
  ).toHaveCount(0);
  await shot(page, 'list-refunded', project);
});
