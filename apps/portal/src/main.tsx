import '@fed/ui-kit';
import { PAGE_STATE_ID } from './app/page-state';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the portal into.');

let started: Promise<void> | null = null;
const start = () => {
  started ??= import('./app/start').then(({ startPortal }) => startPortal(container));
  return started;
};

/**
 * A page the server rendered is there already, its links working as links: the app is loaded after the page's
 * own load, so that nothing of it delays the page, or at once when the visitor reaches for the page sooner. A
 * press of anything but a link before the app has taken the page over is held, and made again once it has (the
 * page's elements stay the same ones), so that a menu button pressed early still opens its menu.
 */
function startAfterLoad(root: HTMLElement): void {
  const held: HTMLElement[] = [];
  let ready = false;
  const hold = (event: Event) => {
    if (ready) return;
    void start();
    const target = (event.target as Element | null)?.closest?.('button, [role="button"], summary, label');
    if (!(target instanceof HTMLElement) || !root.contains(target)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(target);
  };
  const reach = () => void start();
  document.addEventListener('click', hold, true);
  for (const type of ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const)
    document.addEventListener(type, reach, { capture: true, once: true, passive: true });
  // After the load event, not in it: the page's load is over before the app is asked for.
  window.addEventListener('load', () => setTimeout(reach, 0), { once: true });
  void new Promise<void>((resolve) => {
    window.addEventListener('portal:ready', () => resolve(), { once: true });
  }).then(() => {
    ready = true;
    document.removeEventListener('click', hold, true);
    held.splice(0).forEach((element) => element.isConnected && element.click());
  });
}

if (document.getElementById(PAGE_STATE_ID) && document.readyState !== 'complete') startAfterLoad(container);
else void start();
