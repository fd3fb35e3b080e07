import { useEffect, type ReactNode } from 'react';

export interface IslandRootProps {
  /** Called once the island is hydrated (its effects run), never on the server. */
  onHydrated?: () => void;
  children: ReactNode;
}

/**
 * The root of every island, on the server and in the browser alike (hydration needs the two trees to be the
 * same): it renders nothing of its own and says when the island is live.
 */
export function IslandRoot({ onHydrated, children }: IslandRootProps) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return children;
}
