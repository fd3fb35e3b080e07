import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { buildRouteObjects } from './router';
import { DEFAULT_TITLE, portalRoutes } from './routes';

function renderAt(path: string) {
  const router = createMemoryRouter(buildRouteObjects(portalRoutes), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('portal routes', () => {
  it('renders the guest home with the header links of the spec and the insurer notice', async () => {
    renderAt('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Федерация контактных единоборств' }),
    ).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Основное меню' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Главная', 'Мероприятия', 'Федерация', 'Спортсмены', 'Организации']);
    expect(screen.getAllByRole('link', { name: 'Войти' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getByText(/Страхование спортсменов/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(DEFAULT_TITLE));
  });

  it('shows the 404 view with its title for an unknown route, without the insurer notice', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    expect(screen.getByText(/Page not found/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Competitions | Error 404'));
    expect(screen.queryByText(/Страхование спортсменов/)).toBeNull();
  });

  it('gives every route a lazily loaded page', () => {
    for (const route of portalRoutes) expect(typeof route.load).toBe('function');
    expect(portalRoutes.filter((route) => route.path === '*')).toHaveLength(1);
  });
});
