import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPortal } from '@fed/auth-session/testing';
import { offerDocuments, portalServer } from '../testing/portal-server';
import { DocumentPage, isIos } from './document-page';

const renderDocument = (id: string) =>
  renderPortal(<DocumentPage />, { route: '/documents/:id', path: `/documents/${id}` });

afterEach(() => vi.unstubAllGlobals());

describe('document page', () => {
  it('shows the offer document with its heading and a print action', async () => {
    const [userAgreement] = offerDocuments;
    renderDocument(userAgreement?.__id ?? '');
    expect(await screen.findByRole('heading', { name: 'Пользовательское соглашение' })).toBeInTheDocument();
    expect(screen.getByText('Текст оферты.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Распечатать' })).toBeInTheDocument();
  });

  it('keeps only text markup of the platform’s HTML', async () => {
    portalServer.use(
      http.get('*/api/proxy', () =>
        HttpResponse.json({
          success: true,
          data: {
            __id: 'd-1',
            __name: 'Оферта',
            file: ['f-1'],
            html: '<h1>Оферта</h1><img src=x onerror="window.hacked=1"><script>window.hacked=2</script><p>Пункт 1</p>',
          },
        }),
      ),
    );
    renderDocument('d-1');
    expect(await screen.findByText('Пункт 1')).toBeInTheDocument();
    expect(document.querySelector('article script')).toBeNull();
    expect(document.querySelector('article [onerror]')).toBeNull();
  });

  it('shows the 404 view for an unknown document', async () => {
    renderDocument('no-such-document');
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
  });

  it('recognizes iPhones and iPads, which open the file itself', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15';
    expect(isIos({ userAgent: iphone, platform: 'iPhone', maxTouchPoints: 5 })).toBe(true);
    expect(isIos({ userAgent: 'Mozilla/5.0 (Macintosh)', platform: 'MacIntel', maxTouchPoints: 5 })).toBe(
      true,
    );
    expect(isIos({ userAgent: 'Mozilla/5.0 (Macintosh)', platform: 'MacIntel', maxTouchPoints: 0 })).toBe(
      false,
    );
    expect(
      isIos({ userAgent: 'Mozilla/5.0 (Linux; Android 14)', platform: 'Linux', maxTouchPoints: 5 }),
    ).toBe(false);
  });
});
