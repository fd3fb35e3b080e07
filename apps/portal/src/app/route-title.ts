import { useMatches } from 'react-router-dom';

export interface RouteHandle {
  title?: string;
}

/** The title of the deepest matched route that has one (from the route table). */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  return [...matches]
    .reverse()
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
}
