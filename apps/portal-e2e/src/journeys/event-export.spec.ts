import { demoClub } from '@fed/sandbox-fixtures';
import { readExportCsv, requestStateNames } from '@fed/contracts';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '../support/test';
import { pageUntilShown } from '../support/paging';
import { signIn } from '../support/sign-in';

test.describe.configure({ timeout: 90_000 });

const HEADERS = [
  'Дисциплина',
  'Программа',
  'Возрастной класс',
  'Пол',
  'Весовая категория',
  'ФИО',
  'Год рождения',
  'Клуб',
  'Тренер',
  'Город',
  'Членство на дату мероприятия',
  'Оплачено',
  'Статус заявки',
];
const STATES = new Set(Object.values(requestStateNames));

/** Clicks a download button and answers the saved file's name and bytes. */
async function downloaded(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

test('the demo club downloads its tournament’s applications as XLSX and CSV and both read back', async ({
  page,
}, testInfo) => {
  await page.goto('/login');
  await signIn(page, demoClub.phone);
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { name: 'Мои мероприятия' })).toBeVisible();
  const event = await pageUntilShown(
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /кубок клуба/ }) })
      .first(),
    page.getByRole('navigation', { name: 'Страницы мероприятий' }),
  );
  await event.getByRole('button', { name: 'Заявки' }).click();
  const exports = page.getByRole('group', { name: 'Выгрузить заявки' });
  await expect(exports).toBeVisible();
  // Nothing runs off the side at either width with the buttons in the header row.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await exports.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('event-export.png') });

  const xlsx = await downloaded(page, 'Скачать XLSX');
  expect(xlsx.name).toMatch(/^Заявки — Открытый турнир .+ — \d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Все заявки', 'Кумитэ', 'Ката']);
  const sheet = workbook.getWorksheet('Все заявки') as ExcelJS.Worksheet;
  const table: string[][] = [];
  sheet.eachRow((row) => table.push(HEADERS.map((_, index) => String(row.getCell(index + 1).value ?? ''))));
  expect(table[0]).toEqual(HEADERS);
  const rows = table.slice(1);
  // The seed's eight requests to the tournament, and whatever other journeys added.
  expect(rows.length).toBeGreaterThanOrEqual(8);
  for (const cells of rows) {
    expect(['Кумитэ', 'Ката']).toContain(cells[0]);
    expect(STATES.has(cells[12] ?? '')).toBe(true);
    expect(['Да', 'Нет']).toContain(cells[11]);
  }
  // Kumite's programs first, as the catalogue orders the disciplines.
  const firstKata = rows.findIndex((cells) => cells[0] === 'Ката');
  expect(rows.slice(firstKata === -1 ? rows.length : firstKata).every((cells) => cells[0] === 'Ката')).toBe(
    true,
  );

  const csv = await downloaded(page, 'Скачать CSV');
  expect(csv.name).toMatch(/^Заявки — Открытый турнир .+\.csv$/);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.bytes.toString('utf8').slice(1);
  expect(text.endsWith('\r\n')).toBe(true);
  const csvTable = readExportCsv(text);
  expect(csvTable[0]).toEqual(HEADERS);
  // The same rows in the same order as the workbook's sheet.
  expect(csvTable.slice(1).map((cells) => cells.map((cell) => cell.replace(/^'(?=[=+\-@])/, '')))).toEqual(
    rows,
  );
});
