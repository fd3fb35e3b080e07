import {
  createContext,
  useContext,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
} from 'react';

export interface PageLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** The page's path (and query). */
  to: string;
  children?: ReactNode;
}

/**
 * How the page's links go: the app gives its router's `Link` (a move within the app), so that a link rendered by
 * the kit or a library is the app's own link there. Without it — an island hydrated on its own, with no router —
 * a link is a plain one: a page load, of a page the server renders.
 */
export const PageLinkContext = createContext<ComponentType<PageLinkProps> | null>(null);

/** A link to another page of the portal: the router's where there is one (`PageLinkContext`), else a plain link. */
export function PageLink({ to, ...rest }: PageLinkProps) {
  const RouterLink = useContext(PageLinkContext);
  return RouterLink ? <RouterLink to={to} {...rest} /> : <a href={to} {...rest} />;
}
