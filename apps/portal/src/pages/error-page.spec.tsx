import { createElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { USER_ID_HEADER } from '@fed/contracts';
import { renderPortal, signedInAs } from '@fed/auth-session/testing';
import { portalServer } from '../testing/portal-server';
import { RouteErrorPage } from './error-page';

/** Every `/log` report the page sends: its headers and body. */
function recordReports() {
  const reports: { authorization: string | null; userId: string | null; body: unknown }[] = [];
  portalServer.use(
    http.post('*/log', async ({ request }) => {
      reports.push({
        authorization: request.headers.get('Authorization'),
        userId: request.headers.get(USER_ID_HEADER),
        body: await request.json(),
      });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return reports;
}

function Broken(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'title')");
}

describe('RouteErrorPage', () => {
  it('reports a render error it caught to /log with the signed-in user’s token and id', async () => {
    const reports = recordReports();
    const { store } = renderPortal(
      [{ path: '/competitions/7', element: <Broken />, errorElement: <RouteErrorPage /> }],
      { path: '/competitions/7', session: signedInAs('athlete-7') },
    );
    expect(await screen.findByRole('heading', { name: 'Что-то пошло не так' })).toBeVisible();
    await waitFor(() => expect(reports).toHaveLength(1));
    const token = store.getState().session.tokens?.token;
    expect(reports[0]).toEqual({
      authorization: `Bearer ${token}`,
      userId: 'athlete-7',
      body: {
        timestamp: expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/),
        msg: expect.stringMatching(
          /^Application error \(render\) \/competitions\/7: TypeError: Cannot read properties of undefined \(reading 'title'\)/,
        ),
      },
    });
  });

  it('does not report a page chunk whose load was cut short by leaving the page before the app was ready', async () => {
    const reports = recordReports();
    // A chunk error otherwise asks for the latest build first (a newer one would mend it), then reports.
    const buildAsked: string[] = [];
    portalServer.use(
      http.get('*/builds/latest.json', ({ request }) => {
        buildAsked.push(request.url);
        return HttpResponse.json({ buildId: 'the-same' });
      }),
    );
    const lost = (): never => {
      throw new TypeError('Importing a module script failed.');
    };
    document.documentElement.setAttribute('data-portal-left-early', '');
    try {
      renderPortal(
        [{ path: '/competitions', element: createElement(lost), errorElement: <RouteErrorPage /> }],
        {
          path: '/competitions',
        },
      );
      // Long enough for a report's request to have been made.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(reports).toHaveLength(0);
      expect(buildAsked).toHaveLength(0);
      // No error view either: the page is loaded afresh if it comes back.
      expect(screen.queryByRole('heading', { name: 'Что-то пошло не так' })).toBeNull();
    } finally {
      document.documentElement.removeAttribute('data-portal-left-early');
    }
  });

  it('does not report a page that is not there', async () => {
    const reports = recordReports();
    renderPortal([{ path: '/', element: <p>Главная</p>, errorElement: <RouteErrorPage /> }], {
      path: '/no/such/page',
    });
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    // Long enough for a report's request to have been made.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reports).toHaveLength(0);
  });
});
