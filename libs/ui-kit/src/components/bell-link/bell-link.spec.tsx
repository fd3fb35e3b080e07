import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BellLink, unreadPhrase } from './bell-link';

describe('BellLink', () => {
  it('says the count in Russian', () => {
    expect([1, 2, 5, 11, 21, 22, 111].map(unreadPhrase)).toEqual([
      '1 непрочитанное',
      '2 непрочитанных',
      '5 непрочитанных',
      '11 непрочитанных',
      '21 непрочитанное',
      '22 непрочитанных',
      '111 непрочитанных',
    ]);
  });

  it('shows 99+ past 99, and no badge at 0', () => {
    const { rerender } = render(
      <MemoryRouter>
        <BellLink to="/notices" count={150} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Уведомления, 150 непрочитанных' })).toHaveTextContent('99+');
    rerender(
      <MemoryRouter>
        <BellLink to="/notices" count={0} labelled />
      </MemoryRouter>,
    );
    // The words are shown beside the bell; the name says them once.
    expect(screen.getByRole('link', { name: 'Уведомления' })).toHaveTextContent(/^(Уведомления){2}$/);
    expect(screen.queryByTestId('bell-count')).toBeNull();
  });
});
