import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Island, islandIdPrefix } from '@fed/ui-kit';
import { PORTAL_READY_EVENT } from '../app/page-state';
import { GuestHeaderView, type GuestHeaderViewProps } from '../layouts/guest-header-view';
import { guestNavLinks } from '../layouts/nav-links';
import { IslandRoot } from './island-root';
import { GUEST_HEADER_ISLAND } from './names';
import { startIslands } from './hydrate-islands';

/** A page as the server renders it for islands: the container, and the island rendered as a root of its own. */
function serverPage(props: GuestHeaderViewProps): HTMLElement {
  const container = renderToString(
    <Island name={GUEST_HEADER_ISLAND} props={props}>
      {null}
    </Island>,
  );
  const island = renderToString(
    <IslandRoot>
      <GuestHeaderView {...props} />
    </IslandRoot>,
    { identifierPrefix: islandIdPrefix(0) },
  );
  const root = document.createElement('div');
  root.innerHTML = `${container.replace('></div>', `>${island}</div>`)}<main><h1>Мероприятия</h1></main>`;
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset['portalReady'];
  vi.restoreAllMocks();
});

describe('taking a page over by its islands', () => {
  it('hydrates the header as the server rendered it, with no mismatch, and then says the page is ready', async () => {
    const errors = vi.spyOn(console, 'error');
    const ready = vi.fn();
    window.addEventListener(PORTAL_READY_EVENT, ready, { once: true });
    const root = serverPage({ pathname: '/competitions', links: guestNavLinks() });
    const header = root.querySelector('header');

    await startIslands(root);

    expect(ready).toHaveBeenCalledTimes(1);
    expect(document.documentElement.dataset['portalReady']).toBe('');
    expect(errors).not.toHaveBeenCalled();
    // Hydrated, not rendered again: the server's elements are the ones that now answer.
    expect(root.querySelector('header')).toBe(header);
    await userEvent.click(screen.getByRole('button', { name: 'Открыть меню' }));
    expect(screen.getByRole('navigation', { name: 'Меню' })).toBeVisible();
    expect(document.body.style.overflow).toBe('hidden');
    expect(screen.getAllByRole('link', { name: 'Мероприятия' })[0]).toHaveAttribute('aria-current', 'page');
  });

  it('leaves a container of no known island as the server rendered it, and is ready all the same', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<div data-island="retired" data-island-props="{}"><button>Старое</button></div>';
    document.body.append(root);
    await startIslands(root);
    expect(root.innerHTML).toContain('<button>Старое</button>');
    await waitFor(() => expect(document.documentElement.dataset['portalReady']).toBe(''));
  });
});
