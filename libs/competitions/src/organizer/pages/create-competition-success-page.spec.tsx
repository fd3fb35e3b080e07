import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPortal, signedInAs } from '@fed/auth-session/testing';
import { CreateCompetitionSuccessPage } from './create-competition-success-page';

const ORGANIZATION_ID = 'org-1';
const organizer = signedInAs(ORGANIZATION_ID, 'organization');

const route = '/profile/create-competition/success';

describe('CreateCompetitionSuccessPage', () => {
  it('names the created event and links to its page, its documents and the profile', () => {
    renderPortal(<CreateCompetitionSuccessPage />, {
      session: organizer,
      route,
      path: { pathname: route, state: { event: { id: 'ev-new', name: 'Кубок Казани' } } },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Мероприятие создано' })).toBeVisible();
    expect(screen.getByText('«Кубок Казани»')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Загрузить документы' })).toHaveAttribute(
      'href',
      '/profile/submit-documents/ev-new',
    );
    expect(screen.getByRole('link', { name: 'Страница мероприятия' })).toHaveAttribute(
      'href',
      '/competitions/ev-new',
    );
    expect(screen.getByRole('link', { name: 'В личный кабинет' })).toHaveAttribute('href', '/profile');
  });

  it('opened without the new event, says so and points to the profile', () => {
    renderPortal(<CreateCompetitionSuccessPage />, { session: organizer, route });
    expect(screen.getByRole('heading', { level: 1, name: 'Нет сведений о новом мероприятии' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Перейти в личный кабинет' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.queryByRole('link', { name: 'Загрузить документы' })).not.toBeInTheDocument();
  });
});
