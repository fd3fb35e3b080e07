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
