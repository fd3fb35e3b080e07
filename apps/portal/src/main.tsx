// The kit's stylesheet alone, not its entry module: importing that, the bundler may tie chunks of React to this
// script, which the page runs before its `load`.
import '@fed/ui-kit/global.css';
import { wasLeftEarly, watchLeavingEarly } from './app/left-early';
import { MODULE_RETRY_DELAYS_MS } from './app/module-retries';
import { nextTask } from './app/next-task';
import { PAGE_STATE_ID, PORTAL_READY_EVENT, readIslandsPageState } from './app/page-state';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the portal into.');

/**
 * React's DOM renderer, the app's largest library, is evaluated in a task of its own before the app itself:
 * evaluating the whole app at once made the longest task a phone saw after the page's load. (Only a library
 * that is one module: a namespace imported this way keeps all of its exports, so a tree-shaken one would grow.)
 */
async function loadApp() {
  await import('./app/dom-renderer');
  await nextTask();
  return import('./app/start');
}

/**
 * A guest's page whose islands only are taken over: React's DOM renderer and the islands' chunks (all at once,
 * not one after another), then the islands; neither the app, its router nor its store.
 */
async function loadIslands(chunks: readonly string[]) {
  const early = chunks.map((chunk) => import(/* @vite-ignore */ chunk).catch(() => undefined));
  await import('./app/dom-renderer');
  await nextTask();
  const [entry] = await Promise.all([import('./islands/hydrate-islands'), ...early]);
  return entry;
}

const islands = readIslandsPageState();
/** The mark of a page whose app did not start (what failed, short): for a report, a test, a support call. */
const START_FAILED = 'data-portal-start-failed';
let started: Promise<void> | null = null;
let failedStarts = 0;
const start = () => {
  started ??= (
    islands
      ? loadIslands(islands.islands).then(({ startIslands }) => startIslands(container))
      : loadApp().then(({ startPortal }) => startPortal(container))
  ).catch((error: unknown) => {
    // Forgotten, so that the next reach for the page asks for them again.
    started = null;
    // The page was left while its modules loaded: no failure of the page's, and it comes back afresh.
    if (wasLeftEarly()) return;
    // The network failed: asked again after a pause, twice; then by the visitor's next press (`startAfterLoad`).
    document.documentElement.setAttribute(START_FAILED, String(error).slice(0, 200));
    const delay = MODULE_RETRY_DELAYS_MS[failedStarts];
    failedStarts += 1;
    if (delay !== undefined) setTimeout(() => void start(), delay);
    else if (!document.getElementById(PAGE_STATE_ID)) reloadOnce();
  });
  return started;
};

/**
 * The app's shell has nothing to show without the app: once its modules failed every try, the page is loaded
 * afresh (an engine keeps a failed module failed for the document's life) — once per address until the app
 * starts again, never in a loop.
 */
const START_RELOAD_KEY = 'portal:start-reload';
function reloadOnce(): void {
  try {
    if (sessionStorage.getItem(START_RELOAD_KEY) === window.location.href) return;
    sessionStorage.setItem(START_RELOAD_KEY, window.location.href);
  } catch {
    // No storage (a privacy mode): no way to tell a second reload from the first, so none.
    return;
  }
  window.location.reload();
}
window.addEventListener(
  PORTAL_READY_EVENT,
  () => {
    try {
      sessionStorage.removeItem(START_RELOAD_KEY);
    } catch {
      // No storage: nothing was kept.
    }
  },
  { once: true },
);

/**
 * A page left before it was taken over can come back from the back/forward cache with its loads cancelled midway
 * (WebKit keeps the page, not its requests): the start, or a chunk of the page, failed while it was away, and a
 * module that failed once stays failed in that document, so presses on it would be held for ever. Such a page is
 * loaded afresh, as Firefox does by itself.
 */
watchLeavingEarly(document.documentElement, () => window.location.reload());

/**
 * A page the server rendered is there already, its links working as links: the app (or the page's islands) is
 * loaded after the page's own load, so that nothing of it delays the page, or at once when the visitor reaches
 * for the page sooner. A press of anything but a link before the page is taken over is held, and made again once
 * it is (the page's elements stay the same ones), so that a menu button pressed early still opens its menu; so is
 * Enter in a form, and what was typed meanwhile is handed to the app first.
 */
function startAfterLoad(root: HTMLElement): void {
  const held: HTMLElement[] = [];
  const typing = recordTyping();
  let ready = false;
  const hold = (event: Event) => {
    if (ready) return;
    const target = (event.target as Element | null)?.closest?.('button, [role="button"], summary, label');
    const pressed = target instanceof HTMLElement && root.contains(target);
    // Every try failed: a press that needs the app gets it by loading the page afresh, not by waiting for ever.
    if (pressed && failedStarts > MODULE_RETRY_DELAYS_MS.length) {
      event.preventDefault();
      window.location.reload();
      return;
    }
    void start();
    if (!pressed) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(target);
  };
  // Enter in a form's field asks for the form to be sent: held like a press, and sent by the app once it is there.
  const submitted: HTMLFormElement[] = [];
  const holdEnter = (event: KeyboardEvent) => {
    const form = (event.target as Element | null)?.closest?.('form');
    if (ready || event.key !== 'Enter' || !(form instanceof HTMLFormElement) || !root.contains(form)) return;
    if (event.target instanceof HTMLTextAreaElement) return;
    event.preventDefault();
    if (!submitted.includes(form)) submitted.push(form);
  };
  const reach = () => void start();
  document.addEventListener('click', hold, true);
  document.addEventListener('keydown', holdEnter, true);
  for (const type of ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const)
    document.addEventListener(type, reach, { capture: true, once: true, passive: true });
  // After the load event, not in it: the page's load is over before the app is asked for.
  window.addEventListener('load', () => setTimeout(reach, 0), { once: true });
  void new Promise<void>((resolve) => {
    window.addEventListener(PORTAL_READY_EVENT, () => resolve(), { once: true });
  }).then(() => {
    ready = true;
    document.removeEventListener('click', hold, true);
    document.removeEventListener('keydown', holdEnter, true);
    typing.stop();
    handOverTyped(root, typing.typed);
    held.splice(0).forEach((element) => element.isConnected && element.click());
    submitted.splice(0).forEach((form) => form.isConnected && form.requestSubmit());
  });
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * What the visitor types before the app has taken the page over: hydration leaves a field as it finds it, but the
 * app's state does not have it, and a formatted field rewrites itself from that state. Kept per field, and told to
 * the app once it is there as the visitor's own input (`handOverTyped`).
 */
function recordTyping(): { typed: Map<TextField, string>; stop: () => void } {
  const typed = new Map<TextField, string>();
  const record = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLTextAreaElement) typed.set(field, field.value);
    else if (field instanceof HTMLInputElement && field.type !== 'checkbox' && field.type !== 'radio') {
      typed.set(field, field.value);
    }
  };
  document.addEventListener('input', record, true);
  return { typed, stop: () => document.removeEventListener('input', record, true) };
}

/**
 * Each field typed in is given its text again as an input the app hears: the value set to something else through
 * the element (which the app's change tracking follows), the typed text through the prototype's setter (which it
 * does not), then an `input` event, so the app sees a change. A box ticked early is ticked again by a click.
 */
function handOverTyped(root: HTMLElement, typed: Map<TextField, string>): void {
  for (const [field, text] of typed) {
    if (!field.isConnected || (field.value === text && field.defaultValue === text)) continue;
    field.value = text === '' ? ' ' : '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  for (const box of root.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]')) {
    if (box.checked === box.defaultChecked) continue;
    box.checked = box.defaultChecked;
    box.click();
  }
}

if (document.getElementById(PAGE_STATE_ID) && document.readyState !== 'complete') startAfterLoad(container);
else void start();
