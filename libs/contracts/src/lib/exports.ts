/**
 * The api's exports (`/api/exports`, docs/exports.md): an event's applications as a spreadsheet, for the
 * organization that organizes the event and for the federation. Plain values without zod: the portal's
 * download button reads them (ADR 0005).
 */

/** The file formats an export is made in: an Excel workbook, or CSV as Russian Excel opens it. */
export const exportFormats = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const exportMimeTypes: Readonly<Record<ExportFormat, string>> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

export const exportsPaths = {
  /** `GET ?format=xlsx|csv`: the event's applications, grouped by program (organizer of the event, federation). */
  eventApplications: (competitionId: string, format: ExportFormat) =>
    `/api/exports/events/${encodeURIComponent(competitionId)}/applications?format=${format}`,
} as const;

export const exportErrorCodes = {
  /** 400: `format` is missing or not one of {@link exportFormats}. */
  format: 'export_format',
  /** 400: the event id is malformed. */
  badId: 'validation_failed',
  /** 403: an athlete, or an organization that does not organize the event (and is not the federation). */
  forbidden: 'forbidden',
  /** 404: the platform knows no such event. */
  notFound: 'not_found',
  /** 413: more applications than one export holds. */
  tooMany: 'export_too_large',
} as const;

/**
 * Reads an export's CSV back (what tests and the curious do): RFC 4180 with `;` and CRLF, as strict as Excel is
 * lenient — a bare line break outside quotes, or a last row without CRLF, is an error. The BOM is the caller's.
 */
export function readExportCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else if (char === '\n' || char === '\r') throw new Error(`a bare line break at ${i}`);
    else cell += char;
  }
  if (cell !== '' || row.length > 0) throw new Error('the last row does not end with CRLF');
  return rows;
}
