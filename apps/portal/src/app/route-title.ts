import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';

/** What the router keeps of a route table entry for the frames around the page. */
export interface RouteHandle {
  /** The route's Russian name (the route table's `name`). */
  name: string;
}

/** The name of the deepest matched route: the signed-in header shows it, whatever view fills the page. */
export function useRouteName(): string | undefined {
  const matches = useMatches();
  return [...matches]
    .reverse()
    .map((match) => (match.handle as RouteHandle | undefined)?.name)
    .find(Boolean);
}

/**
 * Sets the document title while a page is shown. It stands beside the page, not above the layouts, so that an
 * error view in the page's place sets its own title and nothing sets it back.
 */
export function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
