import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { sandboxPublicConfig } from '@fed/contracts';

const { offerDocumentIds } = sandboxPublicConfig;

export const offerDocuments = [
  { __id: offerDocumentIds.user, __name: 'Пользовательское соглашение', file: ['file-user'] },
  { __id: offerDocumentIds.sportsman, __name: 'Соглашение спортсмена', file: ['file-sportsman'] },
  { __id: offerDocumentIds.organization, __name: 'Соглашение организации', file: ['file-organization'] },
];

const platformTarget = (request: Request) => new URL(request.url).searchParams.get('url') ?? '';

/**
 * The portal's network in unit tests: the platform behind the proxy as far as the shell reads it (the legal
 * documents), and `/log`. Specs add their own handlers with `portalServer.use(...)`.
 */
export const portalServer = setupServer(
  http.post('*/log', () => new HttpResponse(null, { status: 204 })),
  http.get('*/api/proxy', ({ request }) => {
    const target = platformTarget(request);
    if (target.startsWith('/pub/v1/app/sport/offer/list')) {
      return HttpResponse.json({ success: true, error: '', result: { result: offerDocuments, total: 3 } });
    }
    if (target.includes('/script/getOfferDocument')) {
      const data = JSON.parse(decodeURIComponent(target.split('?data=')[1] ?? '%7B%7D')) as { id?: string };
      const document = offerDocuments.find((candidate) => candidate.__id === data.id);
      return document
        ? HttpResponse.json({
            success: true,
            data: { ...document, html: `<h1>${document.__name}</h1><p>Текст оферты.</p>` },
          })
        : HttpResponse.json({ code: 'not_found', message: 'Документ не найден' }, { status: 404 });
    }
    return HttpResponse.json({ code: 'not_found', message: 'Нет в тестовом сервере' }, { status: 404 });
  }),
);
