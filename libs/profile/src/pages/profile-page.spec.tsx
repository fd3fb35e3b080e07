import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPortal, signedInAs } from '@fed/auth-session/testing';
import { ProfilePage } from './profile-page';

const renderAt = (path: string) =>
  renderPortal(
    <ProfilePage notFound={<p>не найдено</p>}>
      <h2>Мои заявки</h2>
    </ProfilePage>,
    { route: '/profile/:id?', path, session: signedInAs('p-1') },
  );

describe('ProfilePage', () => {
  it('shows the signed-in account in the personal cabinet', () => {
    renderAt('/profile');
    expect(screen.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
    expect(screen.getByText('Соколов Андрей')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeVisible();
  });

  it('shows the sections the app composes into the own cabinet only', () => {
    renderAt('/profile');
    expect(screen.getByRole('heading', { name: 'Мои заявки' })).toBeInTheDocument();
  });

  it('shows the own profile by its id too', () => {
    renderAt('/profile/p-1');
    expect(screen.getByRole('heading', { name: 'Личный кабинет' })).toBeVisible();
  });
});
