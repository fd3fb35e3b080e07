import { createContext, useContext, type ReactNode } from 'react';

/** The attribute naming the island a container holds (the islands entry's registry key). */
export const ISLAND_ATTRIBUTE = 'data-island';
/** The attribute holding an island's props as JSON: all the island is rendered from, on the server and here. */
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';

/**
 * Set by the server renderer for a page a guest's browser takes over island by island: an island is rendered as
 * an empty container, filled afterwards by the renderer with the island rendered as a root of its own — as the
 * browser hydrates it (its own `hydrateRoot`, so its `useId`s are those of its own tree, not of the page's).
 */
export const IslandPlaceholders = createContext(false);

export interface IslandProps<P extends object> {
  /** The island's name in the islands entry's registry. */
  name: string;
  /** Everything the island renders from: JSON, so that it can travel in the page. */
  props: P;
  /**
   * The island as the app renders it (with the app's own wiring: router, store). It must render the same markup
   * as the registry's component given `props`, which is what a guest's page is hydrated with.
   */
  children: ReactNode;
}

/**
 * An interactive part of a page the server renders: in the app it is its children, in a container that takes no
 * box; on a guest's server-rendered page only these containers are taken over (hydrated each on its own), the
 * rest of the page stays the server's HTML, and the app is not loaded.
 */
export function Island<P extends object>({ name, props, children }: IslandProps<P>) {
  const placeholder = useContext(IslandPlaceholders);
  const attributes = {
    // No box of its own: what it holds lays out as if it stood in the page directly. (A style, not a class: a
    // stylesheet here would be a side effect of the kit's entry module, which the page's first script imports.)
    style: { display: 'contents' },
    [ISLAND_ATTRIBUTE]: name,
    [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props),
  };
  return placeholder ? <div {...attributes} /> : <div {...attributes}>{children}</div>;
}

/** The `identifierPrefix` of the island at `index` in the page's order: its ids never meet another root's. */
export const islandIdPrefix = (index: number) => `i${index}-`;
