import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { apiError, clientLog, platformRecordList, platformScript } from '@fed/auth-session/testing';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';

const { offerDocumentIds } = sandboxPublicConfig;

export const offerDocuments = [
  { __id: offerDocumentIds.user, __name: 'Пользовательское соглашение', file: ['file-user'] },
  { __id: offerDocumentIds.sportsman, __name: 'Соглашение спортсмена', file: ['file-sportsman'] },
  { __id: offerDocumentIds.organization, __name: 'Соглашение организации', file: ['file-organization'] },
];

/**
 * The portal's network in unit tests: the platform behind the proxy as far as the shell reads it (the legal
 * documents), the signed-in frame's bell (nothing unread), and `/log`. Specs add their own handlers with `portalServer.use(...)`; the setup file starts it
 * for every spec of the app.
 */
export const portalServer = setupServer(
  clientLog,
  platformRecordList('offer', offerDocuments),
  platformScript('getOfferDocument', ({ id }) => {
    const document = offerDocuments.find((candidate) => candidate.__id === id);
    return document
      ? { success: true, data: { ...document, html: `<h1>${document.__name}</h1><p>Текст оферты.</p>` } }
      : apiError(404, 'Документ не найден', 'not_found');
  }),
  http.get('*/api/notices/unread', () => HttpResponse.json({ unread: 0 })),
  http.get('*/api/proxy', () =>
    HttpResponse.json({ code: 'not_found', message: 'Нет в тестовом сервере' }, { status: 404 }),
  ),
);
