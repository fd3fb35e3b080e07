/**
 * CSV as Russian Excel opens it with a double click: UTF-8 with a byte order mark (without it Excel reads
 * cp1251), `;` between cells (the list separator of the Russian locale, where `,` is the decimal comma), CRLF
 * between rows, a cell quoted when it holds `;`, `"`, a line break or spaces at its ends, its quotes doubled
 * (RFC 4180).
 */

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_NEWLINE = '\r\n';

/**
 * Text a spreadsheet would take for a formula (`=`, `+`, `-`, `@`) or that starts with a tab or carriage return
 * (which some of them drop before reading the rest as one) gets a leading `'`: shown as text, never run (OWASP
 * «CSV injection»). Numbers are written by the caller as numbers and are not text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[";\r\n]|^\s|\s$/;

export function csvCell(value: string | number): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The whole file: the BOM, the header row and the rows. */
export function csvFile(rows: Iterable<ReadonlyArray<string | number>>): Buffer {
  const lines: string[] = [];
  for (const row of rows) lines.push(row.map(csvCell).join(CSV_SEPARATOR));
  return Buffer.from(`${CSV_BOM}${lines.join(CSV_NEWLINE)}${CSV_NEWLINE}`, 'utf8');
}
