import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { apiError, platformScript, setupPortalServer } from '@fed/auth-session/testing';
import type { ScriptInput } from '@fed/api-client';
import { athleteCard, clubCard, event } from '../../testing/registry-fixtures';
import { ClubAthletesIsland } from './club-athletes-island';
import { FederationClubsIsland } from './federation-clubs-island';
import { OrganizerEventsIsland } from './organizer-events-island';

// The islands of a guest's club and federation pages are rendered here as a guest's browser hydrates them: alone,
// from their props, with no router and no store around them.

const server = setupPortalServer();

/** The club's athletes, 12 to a page (the section's page size), `total` in all. */
function serveAthletes(total: number) {
  const handler = platformScript('getSportsmen', (input: ScriptInput<'getSportsmen'>) => ({
    success: true,
    result: [athleteCard({ __id: `sp-${input.from ?? 0}`, __name: `Спортсмен с ${input.from ?? 0}` })],
    total,
  }));
  server.use(handler);
  return handler.calls;
}

describe('the profile sections as islands of a guest’s page', () => {
  it('renders a club’s athletes loading, as the server does, then reads them as a guest', async () => {
    const asked = serveAthletes(30);
    // What the server puts in the island's container: the section loading, its pages from the club's count.
    expect(renderToString(<ClubAthletesIsland organizationId="org-1" count={30} />)).toContain(
      'Загрузка спортсменов…',
    );

    render(<ClubAthletesIsland organizationId="org-1" count={30} />);
    const card = await screen.findByRole('article', { name: 'Спортсмен с 0' });
    expect(asked[0]).toEqual({ organizationId: 'org-1', sort: 'name_asc', from: 0, size: 12 });
    // No router: the card's link is a plain one, a page load of the page the server renders.
    expect(within(card).getByRole('link', { name: 'Спортсмен с 0' })).toHaveAttribute(
      'href',
      '/profile/sp-0',
    );
    expect(screen.getByRole('heading', { name: 'Спортсмены клуба (30)' })).toBeVisible();
  });

  it('pages a club’s athletes in place, the pager off while the next page is read', async () => {
    const user = userEvent.setup();
    const asked = serveAthletes(30);
    render(<ClubAthletesIsland organizationId="org-1" count={30} />);
    await screen.findByRole('article', { name: 'Спортсмен с 0' });

    const pager = screen.getByRole('navigation', { name: 'Страницы списка спортсменов клуба' });
    await user.click(within(pager).getByRole('button', { name: 'Вперёд' }));
    expect(await screen.findByRole('article', { name: 'Спортсмен с 12' })).toBeVisible();
    expect(asked.at(-1)).toMatchObject({ from: 12, size: 12 });
    expect(within(pager).getByRole('button', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByText('Страница 2 из 3')).toHaveAttribute('aria-live', 'polite');
  });

  it('asks for nothing for a club without athletes', () => {
    const asked = serveAthletes(0);
    render(<ClubAthletesIsland organizationId="org-1" count={0} />);
    expect(screen.getByText('В клубе пока нет спортсменов.')).toBeVisible();
    expect(asked).toEqual([]);
  });

  it('says a failed read and reads again on «Повторить», reporting the failure as the client does', async () => {
    const user = userEvent.setup();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reports: unknown[] = [];
    server.use(
      http.post('*/log', async ({ request }) => {
        reports.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    let failing = true;
    const handler = platformScript('getSportsmen', () =>
      failing ? apiError(500, 'platform down') : { success: true, result: [athleteCard()], total: 1 },
    );
    server.use(handler);
    render(<ClubAthletesIsland organizationId="org-1" count={1} />);

    expect(await screen.findByText('Не удалось загрузить спортсменов клуба')).toBeVisible();
    // A GET failing with 500 is tried once more before it is a failure (spec §7), which is reported once.
    expect(handler.calls).toHaveLength(2);
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(JSON.stringify(reports[0])).toContain('500 GET api/proxy');
    expect(errors).toHaveBeenCalledTimes(1);

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('article', { name: 'Иванова Анна Сергеевна' })).toBeVisible();
    errors.mockRestore();
  });

  it('shows an organizer’s upcoming and past events, each paged on its own, their names plain links', async () => {
    const user = userEvent.setup();
    const handler = platformScript('getEvents', (input: ScriptInput<'getEvents'>) => ({
      success: true,
      result: [
        event({ __id: `${input.when}-${input.from ?? 0}`, __name: `${input.when} с ${input.from ?? 0}` }),
      ],
      total: input.when === 'upcoming' ? 25 : 1,
    }));
    server.use(handler);
    render(<OrganizerEventsIsland organizerId="org-1" upcomingCount={25} pastCount={1} />);

    const upcoming = await screen.findByRole('link', { name: 'upcoming с 0' });
    expect(upcoming).toHaveAttribute('href', '/competitions/upcoming-0');
    expect(screen.getByRole('link', { name: 'past с 0' })).toBeVisible();
    expect(handler.calls).toEqual(
      expect.arrayContaining([
        { organizerId: 'org-1', when: 'upcoming', sort: 'date_asc', from: 0, size: 10 },
        { organizerId: 'org-1', when: 'past', sort: 'date_desc', from: 0, size: 10 },
      ]),
    );

    const pager = screen.getByRole('navigation', { name: 'Страницы: предстоящие мероприятия' });
    await user.click(within(pager).getByRole('button', { name: 'Страница 3' }));
    expect(await screen.findByRole('link', { name: 'upcoming с 20' })).toBeVisible();
    // The past events stay on their page.
    expect(screen.getByRole('link', { name: 'past с 0' })).toBeVisible();
  });

  it('shows the federation’s organizations with the way to the directory, a plain link', async () => {
    server.use(platformScript('getOrganizations', () => ({ success: true, result: [clubCard()], total: 1 })));
    render(<FederationClubsIsland federationId="fed-1" />);
    expect(await screen.findByRole('heading', { name: 'Организации федерации (1)' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Все организации' })).toHaveAttribute('href', '/organizations');
    expect(screen.getByRole('link', { name: 'СК «Олимп»' })).toHaveAttribute('href', '/profile/org-1');
  });
});
