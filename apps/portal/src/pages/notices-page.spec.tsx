import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderPortal, signedInAs } from '@fed/auth-session/testing';
import type { Notice, NoticesList } from '@fed/contracts';
import { portalServer } from '../testing/portal-server';
import { NoticesPage } from './notices-page';

const returned: Notice = {
  id: 'n-1',
  kind: 'application_returned',
  title: 'Заявка возвращена на доработку',
  text: 'Заявка на «Первенство» возвращена на доработку. Что исправить: приложите справку.',
  link: '/apply/edit/req-1',
  recipient: { id: 'c-2', name: 'Соколов Матвей Андреевич' },
  createdAt: '2026-06-17T09:30:00.000Z',
  readAt: null,
};
const refund: Notice = {
  ...returned,
  id: 'n-2',
  kind: 'refund_made',
  title: 'Деньги возвращены',
  text: 'Возвращено 1 500 ₽: Стартовый взнос.',
  link: '/order/o-1',
  recipient: { id: 'p-1', name: 'Соколов Андрей Викторович' },
  readAt: '2026-06-17T10:00:00.000Z',
};

const server = portalServer;

function serve(list: NoticesList) {
  const read: string[] = [];
  server.use(
    http.get('*/api/notices', () => HttpResponse.json(list)),
    http.post('*/api/notices/:id/read', ({ params }) => {
      read.push(String(params['id']));
      return HttpResponse.json({ ...returned, readAt: '2026-06-17T11:00:00.000Z' });
    }),
  );
  return read;
}

describe('notices page', () => {
  it('lists the family’s notices, each with whose it is, and marks one read when it is opened', async () => {
    const read = serve({ result: [returned, refund], unread: 1, more: false });
    const user = userEvent.setup();
    const { router } = renderPortal(<NoticesPage />, { session: signedInAs('p-1'), path: '/notices' });
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('Новое')).toBeVisible();
    expect(within(cards[0] as HTMLElement).getByText('Соколов Матвей Андреевич')).toBeVisible();
    expect(within(cards[1] as HTMLElement).queryByText('Новое')).toBeNull();
    expect(screen.getByText('Непрочитанных: 1')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Заявка возвращена на доработку' }));
    expect(router.state.location.pathname).toBe('/apply/edit/req-1');
    // Marking read is idempotent in the api; what matters is which notice was marked.
    await expect.poll(() => [...new Set(read)]).toEqual(['n-1']);
  });

  it('shows older notices after the last one shown, keeping the first ones, until there are no more', async () => {
    const older: Notice = { ...refund, id: 'n-0', text: 'Возвращено 500 ₽: Членский взнос.' };
    const asked: Array<string | null> = [];
    server.use(
      http.get('*/api/notices', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.searchParams.get('beforeId'));
        return HttpResponse.json(
          url.searchParams.get('beforeId') === refund.id
            ? { result: [older], unread: 1, more: false }
            : { result: [returned, refund], unread: 1, more: true },
        );
      }),
    );
    const user = userEvent.setup();
    renderPortal(<NoticesPage />, { session: signedInAs('p-1'), path: '/notices' });
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await expect.poll(() => screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('Возвращено 500 ₽: Членский взнос.')).toBeVisible();
    // The next page starts after the last notice shown, by its instant and id.
    expect(asked).toEqual([null, refund.id]);
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });

  it('says so when there is nothing yet', async () => {
    serve({ result: [], unread: 0, more: false });
    renderPortal(<NoticesPage />, { session: signedInAs('p-1'), path: '/notices' });
    expect(await screen.findByText('Уведомлений пока нет')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Прочитать все' })).toBeDisabled();
  });
});
