import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { platformScript, renderPortal, setupPortalServer, signedInAs } from '@fed/auth-session/testing';
import { ATHLETE_CABINET_FIELDS } from '../own/components/athlete-cabinet';
import { adultRecord, clubRecord } from '../own/testing/fixtures';
import { recordFieldsOf } from '../own/testing/record-fields';
import { ProfilePage } from './profile-page';

const OWN_ID = 'p-1';

// What the own cabinet reads: the fields it shows of the account's record and its club's public page. Any other
// request is unhandled, which fails the test (setupPortalServer).
const records = { [OWN_ID]: adultRecord({ __id: OWN_ID }) };
const ownRecord = recordFieldsOf(records);
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
    expect(ownRecord.calls).toContainEqual({
      application: 'sportsman',
      id: OWN_ID,
      fields: [...ATHLETE_CABINET_FIELDS],
    });
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
