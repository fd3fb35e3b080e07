import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { platformScript, renderPortal, setupPortalServer, signedInAs } from '@fed/auth-session/testing';
import type { CompetitionDocument } from '@fed/contracts';
import { eventDetails } from '../../testing/fixtures';
import { SubmitDocumentsPage } from './submit-documents-page';

const ORGANIZATION_ID = 'org-1';
const organizer = signedInAs(ORGANIZATION_ID, 'organization');

function document(overrides: Partial<CompetitionDocument> & { __id: string }): CompetitionDocument {
  return {
    __name: 'Положение о соревнованиях 2099',
    __createdAt: '2099-10-01T09:00:00Z',
    __updatedAt: '2099-10-01T09:00:00Z',
    competition: ['ev-1'],
    kind: 'regulations',
    file: [`file-${overrides.__id}`],
    state: 'submitted',
    reason: null,
    history: [{ state: 'submitted', at: '2099-10-01T09:00:00Z', reason: null }],
    ...overrides,
  };
}

const accepted = document({
  __id: 'doc-accepted',
  state: 'accepted',
  history: [
    { state: 'submitted', at: '2099-10-01T09:00:00Z', reason: null },
    { state: 'accepted', at: '2099-10-02T12:30:00Z', reason: null },
  ],
});
const returned = document({
  __id: 'doc-returned',
  __name: 'Страховой полис',
  kind: 'insurance',
  state: 'returned',
  reason: 'Полис просрочен',
  history: [
    { state: 'submitted', at: '2099-10-01T09:00:00Z', reason: null },
    { state: 'returned', at: '2099-10-03T08:15:00Z', reason: 'Полис просрочен' },
  ],
});
const pending = document({ __id: 'doc-pending', __name: 'Разрешение', kind: 'permit' });

let documents: CompetitionDocument[] = [];
const server = setupPortalServer(
  platformScript('getEventById', () => HttpResponse.json({ success: true, data: eventDetails() })),
  platformScript('getCompetitionDocuments', () =>
    HttpResponse.json({ success: true, result: documents, total: documents.length }),
  ),
);
afterEach(() => {
  documents = [accepted, returned, pending];
});
documents = [accepted, returned, pending];

function renderPage(id = 'ev-1') {
  return renderPortal(<SubmitDocumentsPage />, {
    session: organizer,
    route: '/profile/submit-documents/:id',
    path: `/profile/submit-documents/${id}`,
  });
}

const pdf = () => new File(['%PDF-1.7'], 'polozhenie.pdf', { type: 'application/pdf' });

/** Answers uploads with a file id and remembers what was sent. */
function acceptUploads() {
  const sent: { purpose: string | null; fileType: string | null }[] = [];
  server.use(
    http.post('*/api/files', async ({ request }) => {
      const file = (await request.formData()).get('file');
      // Only the type is compared: jsdom's File reaches Node's fetch as a plain blob, named 'blob'.
      sent.push({
        purpose: new URL(request.url).searchParams.get('purpose'),
        fileType: file !== null && typeof file !== 'string' ? file.type : null,
      });
      return HttpResponse.json({
        fileId: 'file-new',
        name: 'polozhenie.pdf',
        type: 'application/pdf',
        size: 8,
      });
    }),
  );
  return sent;
}

describe('SubmitDocumentsPage', () => {
  it('shows the competition and each document with its kind, file, state, return reason and history', async () => {
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Кубок Казани по каратэ' })).toBeVisible();
    expect(screen.getByText(/12–14 декабря 2099 · Казань/)).toBeVisible();

    const first = await screen.findByRole('listitem', { name: 'Положение о соревнованиях 2099' });
    const second = screen.getByRole('listitem', { name: 'Страховой полис' });
    const third = screen.getByRole('listitem', { name: 'Разрешение' });
    expect(within(first).getByRole('heading', { name: 'Положение о соревнованиях 2099' })).toBeVisible();
    expect(within(first).getByText('Положение о соревнованиях')).toBeVisible();
    expect(within(first).getByText('Принят')).toBeVisible();
    const link = within(first).getByRole('link', { name: 'Открыть файл' });
    expect(link).toHaveAttribute('href', '/api/files/file-doc-accepted');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(first).queryByRole('button', { name: 'Загрузить исправленный' })).not.toBeInTheDocument();

    expect(within(second).getByText('Страховой полис', { selector: 'p' })).toBeVisible();
    expect(within(second).getByText('Возвращён на доработку')).toBeVisible();
    expect(within(second).getByText('Полис просрочен', { exact: false, selector: 'p' })).toBeVisible();
    expect(within(second).getByRole('button', { name: 'Загрузить исправленный' })).toBeVisible();

    expect(within(third).getByText('На проверке')).toBeVisible();

    await user.click(within(second).getByRole('button', { name: 'История проверки' }));
    const history = within(second).getAllByRole('listitem');
    expect(history.map((entry) => entry.textContent)).toEqual([
      '1 октября 2099, 12:00 (мск) — На проверке',
      '3 октября 2099, 11:15 (мск) — Возвращён на доработку: Полис просрочен',
    ]);
  });

  it('says there are no documents yet', async () => {
    documents = [];
    renderPage();
    expect(await screen.findByText(/Документов пока нет/)).toBeVisible();
  });

  it('refuses a file of another type before uploading it', async () => {
    const uploads = acceptUploads();
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Кубок Казани по каратэ' });

    await user.upload(screen.getByLabelText(/^Файл/), new File(['x'], 'photo.gif', { type: 'image/gif' }));

    await waitFor(() =>
      expect(screen.getByLabelText(/^Файл/)).toHaveAccessibleDescription('Неверный формат файла'),
    );
    expect(screen.getByRole('button', { name: 'Отправить на проверку' })).toBeDisabled();
    expect(uploads).toEqual([]);
  });

  it('uploads a new document, then submits it for review and shows it in the list', async () => {
    const uploads = acceptUploads();
    let submitted: unknown = null;
    server.use(
      platformScript('submitCompetitionDocument', (input) => {
        submitted = input;
        const created = document({ __id: 'doc-new', __name: 'Положение 2099', file: ['file-new'] });
        documents = [...documents, created];
        return HttpResponse.json({ success: true, data: created });
      }),
    );
    const user = userEvent.setup();
    const { toastTexts } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Кубок Казани по каратэ' });

    await user.selectOptions(
      screen.getByRole('combobox', { name: /Вид документа/ }),
      'Положение о соревнованиях',
    );
    const name = screen.getByRole('textbox', { name: /Название документа/ });
    // The kind names the document until the person names it.
    expect(name).toHaveValue('Положение о соревнованиях');
    await user.selectOptions(screen.getByRole('combobox', { name: /Вид документа/ }), 'Страховой полис');
    expect(name).toHaveValue('Страховой полис');
    await user.clear(name);
    await user.type(name, 'Положение 2099');
    await user.selectOptions(
      screen.getByRole('combobox', { name: /Вид документа/ }),
      'Положение о соревнованиях',
    );
    expect(name).toHaveValue('Положение 2099');
    await user.upload(screen.getByLabelText(/^Файл/), pdf());
    const send = screen.getByRole('button', { name: 'Отправить на проверку' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);

    await waitFor(() => expect(toastTexts()).toContain('Документ отправлен на проверку'));
    expect(uploads).toEqual([{ purpose: 'document', fileType: 'application/pdf' }]);
    expect(submitted).toEqual({
      competitionId: 'ev-1',
      kind: 'regulations',
      name: 'Положение 2099',
      fileId: 'file-new',
    });
    expect(await screen.findByRole('heading', { name: 'Положение 2099' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Название документа/ })).toHaveValue('');
  });

  it('re-submits a returned document with its id and kind', async () => {
    acceptUploads();
    let submitted: unknown = null;
    server.use(
      platformScript('submitCompetitionDocument', (input) => {
        submitted = input;
        const again = { ...returned, state: 'submitted' as const, reason: null, file: ['file-new'] };
        documents = [accepted, again, pending];
        return HttpResponse.json({ success: true, data: again });
      }),
    );
    const user = userEvent.setup();
    const { toastTexts } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Загрузить исправленный' }));

    const returnedItem = within(screen.getByRole('listitem', { name: 'Страховой полис' }));
    expect(returnedItem.getByRole('textbox', { name: /Название документа/ })).toHaveValue('Страховой полис');
    expect(returnedItem.queryByRole('combobox', { name: /Вид документа/ })).not.toBeInTheDocument();
    await user.upload(returnedItem.getByLabelText(/^Файл/), pdf());
    await waitFor(() =>
      expect(returnedItem.getByRole('button', { name: 'Отправить исправленный' })).toBeEnabled(),
    );
    await user.click(returnedItem.getByRole('button', { name: 'Отправить исправленный' }));

    await waitFor(() => expect(toastTexts()).toContain('Исправленный документ отправлен на проверку'));
    expect(submitted).toEqual({
      competitionId: 'ev-1',
      documentId: 'doc-returned',
      kind: 'insurance',
      name: 'Страховой полис',
      fileId: 'file-new',
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Загрузить исправленный' })).not.toBeInTheDocument(),
    );
    expect(screen.getAllByText('На проверке')).toHaveLength(2);
  });

  it('keeps the form and shows the reason when the upload is refused', async () => {
    server.use(
      http.post('*/api/files', () =>
        HttpResponse.json(
          { statusCode: 400, code: 'file_format', message: 'Неверный формат файла' },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    const { toastTexts } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Кубок Казани по каратэ' });

    await user.selectOptions(
      screen.getByRole('combobox', { name: /Вид документа/ }),
      'Разрешение на проведение',
    );
    await user.clear(screen.getByRole('textbox', { name: /Название документа/ }));
    await user.type(screen.getByRole('textbox', { name: /Название документа/ }), 'Разрешение');
    await user.upload(screen.getByLabelText(/^Файл/), pdf());
    await user.click(screen.getByRole('button', { name: 'Отправить на проверку' }));

    await waitFor(() => expect(toastTexts()).toContain('Неверный формат файла'));
    expect(screen.getByRole('textbox', { name: /Название документа/ })).toHaveValue('Разрешение');
    expect(screen.getByRole('combobox', { name: /Вид документа/ })).toHaveValue('permit');
  });

  it('says clearly when the competition is another organization’s', async () => {
    server.use(
      platformScript('getCompetitionDocuments', () =>
        HttpResponse.json(
          { statusCode: 403, code: 'forbidden', message: 'Not the organizer' },
          { status: 403 },
        ),
      ),
    );
    renderPage('ev-other');
    expect(await screen.findByRole('heading', { level: 1, name: 'Это не ваше мероприятие' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Отправить на проверку' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти в личный кабинет' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });
});
