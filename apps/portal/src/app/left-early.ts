import { PORTAL_READY_EVENT } from './page-state';

/**
 * Whether the page was left before the app had taken it over. Its loads may then have been cancelled midway — the
 * app's start, or a chunk of the page — by the visitor going elsewhere, not by a fault: such a failure is no
 * application error, and the page is loaded afresh if it comes back from the back/forward cache (`main.tsx`).
 * Marked on the document by the page's first script, read by the error view.
 */
const LEFT_EARLY = 'data-portal-left-early';

/**
 * Marks the page as left when it starts going (`beforeunload`: Firefox cancels the page's loads as the navigation
 * starts, before `pagehide`) or goes (`pagehide`) while the page is not taken over (`html[data-portal-ready]`, the
 * {@link PORTAL_READY_EVENT}); calls `onBack` when such a page returns from the back/forward cache. The
 * `beforeunload` listener goes once the app is ready, so that it keeps no page out of that cache afterwards.
 */
export function watchLeavingEarly(root: HTMLElement, onBack: () => void): void {
  const mark = () => {
    if (!root.hasAttribute('data-portal-ready')) root.setAttribute(LEFT_EARLY, '');
  };
  window.addEventListener('beforeunload', mark);
  window.addEventListener(PORTAL_READY_EVENT, () => window.removeEventListener('beforeunload', mark), {
    once: true,
  });
  window.addEventListener('pagehide', mark);
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && root.hasAttribute(LEFT_EARLY)) onBack();
  });
}

export function wasLeftEarly(root: HTMLElement = document.documentElement): boolean {
  return root.hasAttribute(LEFT_EARLY);
}
