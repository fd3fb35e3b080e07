import { describe, expect, it, vi } from 'vitest';
import type { ComponentType } from 'react';
import { createRoutePreloader, installRoutePreloading } from './route-preload';
import type { PortalRoute } from './routes';

function deferredRoute(path: string) {
  let release: () => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<ComponentType>((resolve) => {
        release = () => resolve(() => null);
      }),
  );
  const route: PortalRoute = { path, guard: 'public', layout: 'guest', name: 'Страница', load };
  return { route, load, release: () => release() };
}

describe('route preloading', () => {
  it('loads at most four chunks at a time and each chunk once', async () => {
    const pages = Array.from({ length: 6 }, (_, i) => deferredRoute(`/page-${i}`));
    const preloader = createRoutePreloader(pages.map((page) => page.route));

    for (const page of [...pages, ...pages]) preloader.preload(page.route.path);
    expect(pages.filter((page) => page.load.mock.calls.length > 0)).toHaveLength(4);

    pages[0]?.release();
    await vi.waitFor(() => expect(pages[4]?.load).toHaveBeenCalledTimes(1));
    expect(pages[5]?.load).not.toHaveBeenCalled();
    pages.slice(1).forEach((page) => page.release());
    await vi.waitFor(() => expect(pages[5]?.load).toHaveBeenCalledTimes(1));
    expect(pages.every((page) => page.load.mock.calls.length === 1)).toBe(true);
  });

  it('matches a path to its route, parameters included, and skips routes without a page', () => {
    const event = deferredRoute('/competitions/:id');
    const pending: PortalRoute = {
      path: '/sportsmen',
      guard: 'public',
      layout: 'dynamic',
      name: 'Спортсмены',
    };
    const preloader = createRoutePreloader([event.route, pending]);
    preloader.preload('/competitions/42');
    preloader.preload('/sportsmen');
    preloader.preload('/nowhere');
    expect(event.load).toHaveBeenCalledTimes(1);
  });

  it('preloads the page behind a hovered or focused link', () => {
    const preload = vi.fn();
    document.body.innerHTML =
      '<nav><a href="/competitions/7"><span>Турнир</span></a><a href="https://vk.com/x">ВК</a></nav>';
    const stop = installRoutePreloading({ preload });
    document.querySelector('span')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    document.querySelectorAll('a')[1]?.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(preload).toHaveBeenCalledTimes(1);
    expect(preload).toHaveBeenCalledWith('/competitions/7');
    document.querySelector('span')?.dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(preload).toHaveBeenCalledTimes(2);
    stop();
    document.querySelector('span')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(preload).toHaveBeenCalledTimes(2);
  });
});
