import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, platformScript, renderPortal, setupPortalServer } from '@fed/auth-session/testing';
import { eventSummary } from '../testing/fixtures';
import { UpcomingEvents } from './upcoming-events';

const server = setupPortalServer();

describe('UpcomingEvents', () => {
  it('asks for the nearest upcoming events and shows them as cards under one heading', async () => {
    const asked: unknown[] = [];
    server.use(
      platformScript('getEvents', (input) => {
        asked.push(input);
        return HttpResponse.json({
          success: true,
          result: [eventSummary(), eventSummary({ __id: 'ev-2', __name: 'Кубок Казани' })],
          total: 2,
        });
      }),
    );
    renderPortal(<UpcomingEvents count={3} />);
    const section = await screen.findByRole('region', { name: 'Ближайшие мероприятия' });
    expect(await within(section).findAllByRole('heading', { level: 3 })).toHaveLength(2);
    expect(within(section).getByRole('link', { name: 'Все мероприятия' })).toHaveAttribute(
      'href',
      '/competitions',
    );
    expect(asked).toEqual([{ when: 'upcoming', sort: 'date_asc', size: 3 }]);
  });

  it('leaves only the link to the calendar when the platform cannot answer', async () => {
    server.use(platformScript('getEvents', () => apiError(502, 'Платформа недоступна')));
    renderPortal(<UpcomingEvents />);
    expect(await screen.findByRole('link', { name: 'Календарь мероприятий' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ближайшие мероприятия' })).toBeNull();
  });
});
