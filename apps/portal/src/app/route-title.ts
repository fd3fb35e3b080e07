import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useMemo,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';
import { useMatches } from 'react-router-dom';
import { useServerTitle } from '@fed/ui-kit';

/** What the router keeps of a route table entry for the frames around the page. */
export interface RouteHandle {
  /** The route's Russian name (the route table's `name`). */
  name: string;
}

/** A route's name (the signed-in header) and document title (the browser tab). */
export interface PageNaming {
  name: string;
  title: string;
}

interface NamingSlot {
  naming: PageNaming | null;
  setNaming: Dispatch<SetStateAction<PageNaming | null>>;
}

const PageNamingContext = createContext<NamingSlot | null>(null);

/**
 * Holds the naming a page gives itself from its data (`NamePage`), above the layouts, so that the header drawn
 * by the layout reads it.
 */
export function PageNamingProvider({ children }: { children: ReactNode }) {
  const [naming, setNaming] = useState<PageNaming | null>(null);
  const slot = useMemo(() => ({ naming, setNaming }), [naming]);
  return createElement(PageNamingContext.Provider, { value: slot }, children);
}

/**
 * While shown, names the page after what its data turned out to be (someone's profile: an athlete's is named
 * as '/sportsmen' is, spec §2), in the header and the tab; the names come from the route table. On leaving, the
 * route's own name returns, and the title from before unless a view in the page's place (404) has set its own.
 */
export function NamePage({ name, title }: PageNaming) {
  useServerTitle(title);
  const setNaming = useContext(PageNamingContext)?.setNaming;
  useEffect(() => {
    const naming = { name, title };
    setNaming?.(naming);
    const previous = document.title;
    document.title = title;
    return () => {
      setNaming?.((current) => (current === naming ? null : current));
      if (document.title === title) document.title = previous;
    };
  }, [setNaming, name, title]);
  return null;
}

/**
 * The name the signed-in header shows: the page's own (`NamePage`) while it gives one, else the deepest matched
 * route's, whatever view fills the page.
 */
export function useRouteName(): string | undefined {
  const matches = useMatches();
  const named = useContext(PageNamingContext)?.naming?.name;
  return (
    named ??
    [...matches]
      .reverse()
      .map((match) => (match.handle as RouteHandle | undefined)?.name)
      .find(Boolean)
  );
}

/**
 * Sets the document title while a page is shown. It stands beside the page, not above the layouts, so that an
 * error view in the page's place sets its own title and nothing sets it back.
 */
export function DocumentTitle({ title }: { title: string }) {
  useServerTitle(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
