import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, renderPortal, setupPortalServer, signedInAs } from '@fed/auth-session/testing';
import { ApplicationsExport } from './applications-export';

const server = setupPortalServer();
const organizer = signedInAs('org-1', 'organization');

/** What the browser was handed to save: the blob's text and the name. */
function watchSaves() {
  const saved: Array<{ name: string; url: string }> = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${(next += 1)}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, url: this.href });
  });
  return {
    saved,
    bytes: async (url: string) => [
      ...new Uint8Array((await blobs.get(url)?.arrayBuffer()) ?? new ArrayBuffer(0)),
    ],
  };
}

beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

describe('ApplicationsExport', () => {
  it('downloads the event’s applications with the session’s headers and saves them under the api’s name', async () => {
    const user = userEvent.setup();
    const asked: Array<{ url: string; authorization: string | null }> = [];
    server.use(
      http.get('*/api/exports/events/:id/applications', ({ request }) => {
        asked.push({ url: request.url, authorization: request.headers.get('Authorization') });
        const format = new URL(request.url).searchParams.get('format');
        return new HttpResponse(format === 'csv' ? '\uFEFFФИО\r\n' : 'PK', {
          headers: {
            'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/octet-stream',
            'Content-Disposition': `attachment; filename="zayavki.${format}"; filename*=UTF-8''${encodeURIComponent(
              `Заявки — Кубок.${format}`,
            )}`,
          },
        });
      }),
    );
    const saves = watchSaves();
    renderPortal(<ApplicationsExport competitionId="comp-1" />, { session: organizer });

    expect(screen.getByRole('group', { name: 'Выгрузить заявки' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Скачать CSV' }));
    await waitFor(() => expect(saves.saved).toHaveLength(1));
    expect(saves.saved[0]?.name).toBe('Заявки — Кубок.csv');
    // Byte for byte: the BOM Excel needs is not lost on the way to the file.
    expect(await saves.bytes(saves.saved[0]?.url ?? '')).toEqual([
      ...new TextEncoder().encode('\uFEFFФИО\r\n'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Скачать XLSX' }));
    await waitFor(() => expect(saves.saved).toHaveLength(2));
    expect(saves.saved[1]?.name).toBe('Заявки — Кубок.xlsx');
    expect(asked.map((call) => new URL(call.url).pathname + new URL(call.url).search)).toEqual([
      '/api/exports/events/comp-1/applications?format=csv',
      '/api/exports/events/comp-1/applications?format=xlsx',
    ]);
    expect(asked.map((call) => call.authorization)).toEqual([
      `Bearer ${organizer.tokens?.token}`,
      `Bearer ${organizer.tokens?.token}`,
    ]);
  });

  it('says in a toast why the api refused, and saves nothing', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('*/api/exports/events/:id/applications', () =>
        apiError(403, 'Это мероприятие организует другая организация', 'forbidden'),
      ),
    );
    const saves = watchSaves();
    const { toastTexts } = renderPortal(<ApplicationsExport competitionId="comp-1" />, {
      session: organizer,
    });

    await user.click(screen.getByRole('button', { name: 'Скачать XLSX' }));
    await waitFor(() =>
      expect(toastTexts()).toEqual([
        'Не удалось выгрузить заявки. Это мероприятие организует другая организация',
      ]),
    );
    expect(saves.saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Скачать XLSX' })).toBeEnabled();
  });
});
