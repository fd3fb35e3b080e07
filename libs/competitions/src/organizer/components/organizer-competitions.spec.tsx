import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { platformScript, renderPortal, setupPortalServer, signedInAs } from '@fed/auth-session/testing';
import type { EventSummary } from '@fed/contracts';
import { eventSummary } from '../../testing/fixtures';
import { ORGANIZER_EVENTS_PAGE_SIZE, OrganizerCompetitions } from './organizer-competitions';

const ORGANIZATION_ID = 'org-1';
const organizer = signedInAs(ORGANIZATION_ID, 'organization');

const upcoming = eventSummary({ __id: 'ev-1', __name: 'Кубок Казани по каратэ' });
const past = eventSummary({
  __id: 'ev-old',
  __name: 'Первенство города 2020',
  date_start: '2020-03-14T07:00:00Z',
  date_end: '2020-03-14T15:00:00Z',
  gorod: 'Набережные Челны',
});

const asked: unknown[] = [];
function answerEvents(events: EventSummary[], total = events.length) {
  server.use(
    platformScript('getEvents', (input) => {
      asked.push(input);
      return HttpResponse.json({ success: true, result: events, total });
    }),
  );
}

const server = setupPortalServer();
afterEach(() => {
  asked.length = 0;
});

describe('OrganizerCompetitions', () => {
  it('lists the organization’s own events with dates, links to each event and its documents', async () => {
    answerEvents([upcoming, past]);
    renderPortal(<OrganizerCompetitions />, { session: organizer, route: '/profile' });

    expect(screen.getByRole('heading', { level: 2, name: 'Мои мероприятия' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Создать мероприятие' })).toHaveAttribute(
      'href',
      '/profile/create-competition',
    );
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    const first = screen.getByRole('listitem', { name: 'Кубок Казани по каратэ' });
    const second = screen.getByRole('listitem', { name: 'Первенство города 2020' });
    expect(within(first).getByRole('link', { name: 'Кубок Казани по каратэ' })).toHaveAttribute(
      'href',
      '/competitions/ev-1',
    );
    expect(within(first).getByText('12–14 декабря 2099 · Казань')).toBeVisible();
    expect(within(first).getByRole('link', { name: 'Документы' })).toHaveAttribute(
      'href',
      '/profile/submit-documents/ev-1',
    );
    expect(within(first).queryByText('Завершено')).not.toBeInTheDocument();
    expect(within(second).getByText('Завершено')).toBeVisible();
    // Without the applications composed in, there is no 'Заявки' panel.
    expect(screen.queryByRole('button', { name: 'Заявки' })).not.toBeInTheDocument();
    expect(asked).toEqual([
      {
        organizerId: ORGANIZATION_ID,
        when: 'upcoming',
        sort: 'date_asc',
        from: 0,
        size: ORGANIZER_EVENTS_PAGE_SIZE,
      },
    ]);
  });

  it('renders the composed applications of an event only once its panel is opened', async () => {
    answerEvents([upcoming, past]);
    const renderRequests = vi.fn((id: string) => <p>Заявки к {id}</p>);
    const user = userEvent.setup();
    renderPortal(<OrganizerCompetitions renderRequests={renderRequests} />, {
      session: organizer,
      route: '/profile',
    });

    const first = await screen.findByRole('listitem', { name: 'Кубок Казани по каратэ' });
    expect(renderRequests).not.toHaveBeenCalled();
    await user.click(within(first).getByRole('button', { name: 'Заявки' }));
    expect(within(first).getByText('Заявки к ev-1')).toBeVisible();
    expect(renderRequests).toHaveBeenCalledWith('ev-1');
    expect(renderRequests).not.toHaveBeenCalledWith('ev-old');
  });

  it('pages through the events', async () => {
    answerEvents([upcoming], ORGANIZER_EVENTS_PAGE_SIZE + 1);
    const user = userEvent.setup();
    renderPortal(<OrganizerCompetitions />, { session: organizer, route: '/profile' });

    expect(await screen.findByText('Страница 1 из 2')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Назад' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Вперёд' }));
    expect(await screen.findByText('Страница 2 из 2')).toBeVisible();
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toMatchObject({ from: ORGANIZER_EVENTS_PAGE_SIZE, size: ORGANIZER_EVENTS_PAGE_SIZE });
  });

  it('shows past events latest first, and all of them, from the first page', async () => {
    answerEvents([upcoming], ORGANIZER_EVENTS_PAGE_SIZE + 1);
    const user = userEvent.setup();
    renderPortal(<OrganizerCompetitions />, { session: organizer, route: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Вперёд' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    await user.click(screen.getByRole('radio', { name: 'Прошедшие' }));
    await waitFor(() => expect(asked).toHaveLength(3));
    expect(asked[2]).toMatchObject({ when: 'past', sort: 'date_desc', from: 0 });
    await user.click(screen.getByRole('radio', { name: 'Все' }));
    await waitFor(() => expect(asked).toHaveLength(4));
    expect(asked[3]).toMatchObject({ when: 'all', sort: 'date_desc', from: 0 });
  });

  it('invites to create an event when there is none ahead', async () => {
    answerEvents([]);
    renderPortal(<OrganizerCompetitions />, { session: organizer, route: '/profile' });
    expect(await screen.findByText(/Предстоящих мероприятий нет/)).toBeVisible();
  });

  it('says what went wrong and offers to try again', async () => {
    server.use(
      platformScript('getEvents', () =>
        HttpResponse.json(
          { statusCode: 502, code: 'upstream_unavailable', message: 'down' },
          { status: 502 },
        ),
      ),
    );
    renderPortal(<OrganizerCompetitions />, { session: organizer, route: '/profile' });
    expect(await screen.findByText(/Произошла неожиданная ошибка/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeVisible();
  });
});
