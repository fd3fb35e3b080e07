import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, platformScript, renderPortal, setupPortalServer } from '@fed/auth-session/testing';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { clubCard, clubProfile, event } from '../testing/registry-fixtures';
import { FederationPage } from './federation-page';

const server = setupPortalServer();
const federationId = sandboxPublicConfig.federationProfileId;

const renderPage = () =>
  renderPortal(<FederationPage documents={<a href="/documents/offer-1">Пользовательское соглашение</a>} />, {
    route: '/fk',
  });

describe('FederationPage', () => {
  it("is the federation's organization of the public configuration, with its documents, events and organizations", async () => {
    const user = userEvent.setup();
    const profile = platformScript('getOrganizationProfile', (input) => ({
      success: true,
      data: clubProfile({
        __id: input.id,
        __name: 'Федерация контактных единоборств',
        upcomingEventsCount: 1,
        pastEventsCount: 0,
        athletesCount: 0,
      }),
    }));
    const clubs = platformScript('getOrganizations', (input) => ({
      success: true,
      result: [clubCard({ __id: `org-${input.from}`, __name: `Клуб ${input.from}` })],
      total: 30,
    }));
    server.use(
      profile,
      clubs,
      platformScript('getEvents', () => ({
        success: true,
        result: [event({ __id: 'ev-cup', __name: 'Кубок ФКЕ', organizerName: 'ФКЕ' })],
        total: 1,
      })),
    );
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Федерация контактных единоборств' }),
    ).toBeVisible();
    expect(profile.calls).toEqual([{ id: federationId }]);
    expect(screen.getByText('Федерация')).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Документы' })).getByRole('link', {
        name: 'Пользовательское соглашение',
      }),
    ).toHaveAttribute('href', '/documents/offer-1');
    const upcoming = screen.getByRole('region', { name: 'Предстоящие мероприятия (1)' });
    expect(await within(upcoming).findByRole('link', { name: 'Кубок ФКЕ' })).toHaveAttribute(
      'href',
      '/competitions/ev-cup',
    );
    // A federation has no athletes of its own: its organizations instead, paged in place.
    expect(screen.queryByRole('region', { name: /Спортсмены клуба/ })).toBeNull();
    const organizations = screen.getByRole('region', { name: 'Организации федерации (30)' });
    expect(await within(organizations).findByRole('link', { name: 'Клуб 0' })).toBeVisible();
    await user.click(within(organizations).getByRole('button', { name: 'Страница 3' }));
    expect(await within(organizations).findByRole('link', { name: 'Клуб 24' })).toBeVisible();
    // The federation lists its clubs, never itself.
    expect(clubs.calls.at(-1)).toEqual({ excludeId: federationId, from: 24, size: 12 });
    expect(clubs.calls.every((input) => input.excludeId === federationId)).toBe(true);
  });

  it('offers a retry when the federation cannot be read', async () => {
    server.use(platformScript('getOrganizationProfile', () => apiError(503, 'upstream')));
    renderPage();
    expect(await screen.findByText('Не удалось загрузить страницу федерации')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeVisible();
  });
});
