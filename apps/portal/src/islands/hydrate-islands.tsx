import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, islandIdPrefix } from '@fed/ui-kit';
import { announceReady } from '../app/page-state';
import { IslandRoot } from './island-root';
import { islandLoaders } from './registry';

/** One island taken over: its component loaded, and hydrated as a root of its own from the props it carries. */
async function hydrateIsland(container: HTMLElement, index: number): Promise<void> {
  const load = islandLoaders[container.getAttribute(ISLAND_ATTRIBUTE) ?? ''];
  if (!load) return;
  const Island = await load();
  const props = JSON.parse(container.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}') as object;
  await new Promise<void>((resolve) => {
    // A transition, as the app's hydration: it yields to the browser instead of making one long task.
    startTransition(() => {
      hydrateRoot(
        container,
        <IslandRoot onHydrated={resolve}>
          <Island {...props} />
        </IslandRoot>,
        { identifierPrefix: islandIdPrefix(index) },
      );
    });
  });
}

/**
 * Takes a guest's server-rendered page over island by island: each interactive part (`Island`) is hydrated on
 * its own, the rest of the page stays the server's HTML, and neither the router nor the store is loaded. Links
 * are page loads. Once every island is live the page says so, as the app does (`announceReady`).
 */
export async function startIslands(root: HTMLElement): Promise<void> {
  const containers = [...root.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)];
  await Promise.all(
    containers.map((container, index) => hydrateIsland(container, index).catch(() => undefined)),
  );
  announceReady();
}
