import type { Borders, Column, Worksheet } from 'exceljs';
import { APPLICATION_COLUMNS, cellOf, type ApplicationRow, type ProgramGroup } from './application-rows';

/**
 * The workbook of an event's applications: «Все заявки», every row with every column under one header row
 * (frozen, with an autofilter) to sort and filter; then a sheet per discipline to print start lists from — a
 * title, a header row repeated on every printed page, and per program a header row with its name and count, its
 * athletes numbered under it, landscape and one page wide. Text is written as text cells, never as formulas,
 * whatever it starts with.
 */

export interface WorkbookFacts {
  eventName: string;
  /** «12.07.2026» or a range: how the event's dates read in titles. */
  eventDates: string;
  /** When it was made (the api's clock). */
  createdAt: Date;
}

const ALL_SHEET = 'Все заявки';
/** The columns of a start list: what the program's header row does not already say. */
const START_LIST_KEYS: ReadonlyArray<keyof ApplicationRow> = [
  'athlete',
  'birthYear',
  'club',
  'coach',
  'city',
  'membershipValid',
  'paid',
  'state',
];
const HEADER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } } as const;
const GROUP_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF3F4F6' } } as const;
const THIN = { style: 'thin', color: { argb: 'FFBFC5CE' } } as const;
const BORDERS: Partial<Borders> = { top: THIN, bottom: THIN, left: THIN, right: THIN };

const columnOf = new Map(APPLICATION_COLUMNS.map((column) => [column.key as keyof ApplicationRow, column]));

/** Width in characters: the longest text of the column (header included), within sensible bounds. */
function fitWidths(sheet: Worksheet, longest: readonly number[], min = 6, max = 48): void {
  longest.forEach((length, index) => {
    (sheet.getColumn(index + 1) as Column).width = Math.min(max, Math.max(min, length + 2));
  });
}

function lengthOf(value: string | number): number {
  return String(value).length;
}

/** A sheet name Excel takes: at most 31 characters, none of `[]:*?/\`, not used yet. */
function sheetName(wanted: string, taken: Set<string>): string {
  const base =
    wanted
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Лист';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1)
    name = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}

function printSetup(sheet: Worksheet, titleRows: string): void {
  sheet.pageSetup = {
    ...sheet.pageSetup,
    paperSize: 9, // A4
    orientation: 'landscape',
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: titleRows,
    margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
  };
  sheet.headerFooter = { oddFooter: '&LСтраница &P из &N&R&D' };
}

function addAllSheet(sheet: Worksheet, groups: readonly ProgramGroup[]): void {
  const header = sheet.addRow(APPLICATION_COLUMNS.map((column) => column.header));
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL;
    cell.border = BORDERS;
  });
  const longest = APPLICATION_COLUMNS.map((column) => Math.min(column.width, column.header.length));
  for (const group of groups) {
    for (const row of group.rows) {
      const values = APPLICATION_COLUMNS.map((column) => cellOf(row, column.key));
      sheet.addRow(values);
      values.forEach((value, index) => {
        longest[index] = Math.max(longest[index] ?? 0, lengthOf(value));
      });
    }
  }
  fitWidths(sheet, longest);
  sheet.views = [{ state: 'frozen', xSplit: 0, ySplit: 1, activeCell: 'A2' }];
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: Math.max(1, sheet.rowCount), column: APPLICATION_COLUMNS.length },
  };
  printSetup(sheet, '1:1');
}

function addDisciplineSheet(
  sheet: Worksheet,
  discipline: string,
  groups: readonly ProgramGroup[],
  facts: WorkbookFacts,
): void {
  const width = START_LIST_KEYS.length + 1;
  const title = sheet.addRow([`${facts.eventName} — ${discipline}`]);
  title.font = { bold: true, size: 14 };
  sheet.mergeCells(1, 1, 1, width);
  const dates = sheet.addRow([
    `Дата: ${facts.eventDates}. Участников в программах: ${groups.reduce((n, g) => n + g.rows.length, 0)}`,
  ]);
  dates.font = { color: { argb: 'FF4B5563' } };
  sheet.mergeCells(2, 1, 2, width);
  const headers = ['№', ...START_LIST_KEYS.map((key) => columnOf.get(key)?.header ?? key)];
  const header = sheet.addRow(headers);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL;
    cell.border = BORDERS;
  });
  const longest = headers.map((text, index) =>
    index === 0
      ? 3
      : Math.min(columnOf.get(START_LIST_KEYS[index - 1] as keyof ApplicationRow)?.width ?? 12, text.length),
  );
  for (const group of groups) {
    const heading = sheet.addRow([
      `${group.title} — ${group.rows.length} ${participants(group.rows.length)}`,
    ]);
    heading.font = { bold: true };
    heading.getCell(1).fill = GROUP_FILL;
    sheet.mergeCells(heading.number, 1, heading.number, width);
    group.rows.forEach((row, index) => {
      const values = [index + 1, ...START_LIST_KEYS.map((key) => cellOf(row, key))];
      const added = sheet.addRow(values);
      added.eachCell({ includeEmpty: true }, (cell) => {
        cell.border = BORDERS;
      });
      values.forEach((value, column) => {
        longest[column] = Math.max(longest[column] ?? 0, lengthOf(value));
      });
    });
  }
  fitWidths(sheet, longest, 4);
  sheet.views = [{ state: 'frozen', xSplit: 0, ySplit: 3, activeCell: 'A4' }];
  printSetup(sheet, '3:3');
}

/** «участник», «участника», «участников» by the number. */
function participants(count: number): string {
  const tens = count % 100;
  const ones = count % 10;
  if (tens >= 11 && tens <= 14) return 'участников';
  if (ones === 1) return 'участник';
  if (ones >= 2 && ones <= 4) return 'участника';
  return 'участников';
}

export async function applicationsWorkbook(
  groups: readonly ProgramGroup[],
  facts: WorkbookFacts,
): Promise<Buffer> {
  // Loaded with the first export, not with the api: most instances never make one.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Портал федерации';
  workbook.title = `Заявки — ${facts.eventName}`;
  workbook.created = facts.createdAt;
  workbook.modified = facts.createdAt;
  const taken = new Set<string>([ALL_SHEET.toLowerCase()]);
  addAllSheet(workbook.addWorksheet(ALL_SHEET), groups);
  const byDiscipline = new Map<string, ProgramGroup[]>();
  for (const group of groups) {
    const list = byDiscipline.get(group.discipline) ?? [];
    list.push(group);
    byDiscipline.set(group.discipline, list);
  }
  for (const [discipline, list] of byDiscipline) {
    addDisciplineSheet(workbook.addWorksheet(sheetName(discipline, taken)), discipline, list, facts);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
