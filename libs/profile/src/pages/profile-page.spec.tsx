import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  platformRecords,
  platformScript,
  renderPortal,
  setupPortalServer,
  signedInAs,
} from '@fed/auth-session/testing';
import { adultRecord, clubRecord } from '../own/testing/fixtures';
import { ProfilePage } from './profile-page';

const OWN_ID = 'p-1';

// What the own cabinet reads: the account's whole record and its club's public page. Any other request is
// unhandled, which fails the test (setupPortalServer).
const ownRecord = platformRecords('sportsman', { [OWN_ID]: adultRecord({ __id: OWN_ID }) });
setupPortalServer(
  ownRecord,
  platformScript('getOrganizationProfile', () => ({
    success: true,
    data: { ...clubRecord(), athletesCount: 12, upcomingEventsCount: 2, pastEventsCount: 5 },
  })),
);

const renderAt = (path: string) =>
  renderPortal(
    <ProfilePage notFound={<p>не найдено</p>}>
      <h2>Мои заявки</h2>
    </ProfilePage>,
    { route: '/profile/:id?', path, session: signedInAs(OWN_ID) },
  );

/** The own profile, once its record has come. */
const ownProfile = async () => screen.findByRole('region', { name: 'Профиль' });

describe('ProfilePage', () => {
  it('shows the signed-in account in the personal cabinet, with its own profile read', async () => {
    renderAt('/profile');
    expect(screen.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
    expect(screen.getByText('Соколов Андрей')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeVisible();
    expect(await within(await ownProfile()).findByText('СК «Сэнсэй»')).toBeVisible();
    expect(ownRecord.calls).toContain(OWN_ID);
  });

  it('shows the sections the app composes into the own cabinet only', async () => {
    renderAt('/profile');
    expect(screen.getByRole('heading', { name: 'Мои заявки' })).toBeInTheDocument();
    await ownProfile();
  });

  it('shows the own profile by its id too', async () => {
    renderAt(`/profile/${OWN_ID}`);
    expect(screen.getByRole('heading', { name: 'Личный кабинет' })).toBeVisible();
    await ownProfile();
  });
});
