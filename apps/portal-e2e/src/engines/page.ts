import { FIND_ELEMENT, PAGE_HELPERS, wireQuery, type EngineDriver, type Key, type Query } from './driver';

/** How long a step waits for the page to show what it expects: long, for a machine shared by many runs. */
const STEP_TIMEOUT_MS = 20_000;

/**
 * A journey's page in any engine: its steps name what a person sees (`Query`), and each waits for it, polling
 * the page until it shows (or the step's time is up) — never a fixed pause. The driver underneath does the rest.
 */
export class EnginePage {
  constructor(
    readonly driver: EngineDriver,
    readonly baseURL: string,
    /** The page's width in CSS pixels (an engine may not go as narrow as asked). */
    readonly width: number,
  ) {}

  get wide(): boolean {
    return this.width >= 1024;
  }

  /**
   * Opens a path of the portal and waits until the app has taken the page over (`html[data-portal-ready]`, set
   * once the app has rendered or hydrated it): a press before that would be the server page's, not the app's.
   */
  async goto(path: string, { ready = true }: { ready?: boolean } = {}): Promise<void> {
    await this.driver.goto(`${this.baseURL}${path}`);
    if (ready) await this.ready();
  }

  async ready(): Promise<void> {
    // The app is asked for after the page's load event (its images too): on a busy machine, a while.
    // Not yet: why, for the message when time is up (the page's load, a failed start, its scripts' answers).
    await this.until(
      'the app to take the page over',
      `const root = document.documentElement;
       if (root.hasAttribute('data-portal-ready')) return true;
       const scripts = performance.getEntriesByType('resource')
         .filter((entry) => /\\.m?js(\\?|$)/.test(entry.name))
         .map((entry) => entry.name.replace(location.origin, '') + ' ' + (entry.responseStatus ?? '?') + ' ' + Math.round(entry.duration) + 'ms');
       return { wait: {
         readyState: document.readyState,
         attributes: root.getAttributeNames().filter((name) => name.startsWith('data-')),
         scripts,
       } };`,
      [],
      45_000,
    );
  }

  /**
   * Runs `action`, which loads the page afresh (a switch of account reloads /profile), and waits until the new
   * document is there and taken over: the old one, marked first, could otherwise pass for it while it lasts.
   */
  async reloadedBy(action: () => Promise<void>): Promise<void> {
    await this.driver.execute('window.__e2eOldDocument = true; return true;');
    await action();
    await this.until('a new document', 'return window.__e2eOldDocument !== true;');
    await this.ready();
  }

  /** Polls `check` in the page until it returns something truthy; fails naming `what` when time is up. */
  async until<T>(
    what: string,
    body: string,
    args: unknown[] = [],
    timeout = STEP_TIMEOUT_MS,
  ): Promise<NonNullable<T>> {
    const deadline = Date.now() + timeout;
    let last: unknown;
    for (;;) {
      try {
        const value = await this.driver.execute<T>(`${PAGE_HELPERS}\n${body}`, ...args);
        // `{ wait: why }`: not yet, and why (for the message when time is up).
        const waiting = typeof value === 'object' && value !== null && 'wait' in value;
        if (value && !waiting) return value as NonNullable<T>;
        last = value;
      } catch (error) {
        // A page between documents answers no script: asked again.
        last = error;
      }
      if (Date.now() > deadline) {
        const requests = this.driver.requestsInFlight();
        throw new Error(
          `Timed out after ${timeout} ms waiting for ${what} (last: ${describe(last)})` +
            (requests.length > 0 ? `; requests in flight or failed: ${requests.join('; ')}` : ''),
        );
      }
      await new Promise((wake) => setTimeout(wake, 100));
    }
  }

  /** Waits until `query` shows. */
  async see(query: Query, what = describeQuery(query), timeout?: number): Promise<void> {
    await this.until(
      what,
      'return window.__e2e.find(arguments[0]) !== null || { wait: window.__e2e.whyNot(arguments[0]) };',
      [wireQuery(query)],
      timeout,
    );
  }

  /** Waits until nothing matches `query`. */
  async gone(query: Query, what = `no ${describeQuery(query)}`): Promise<void> {
    await this.until(what, 'return window.__e2e.find(arguments[0]) === null;', [wireQuery(query)]);
  }

  /** How many match `query` now. */
  async count(query: Query): Promise<number> {
    return this.driver.execute<number>(
      `${PAGE_HELPERS}\nreturn window.__e2e.count(arguments[0]);`,
      wireQuery(query),
    );
  }

  /** The text of what `query` finds once it shows, spaces taken as one. */
  async text(query: Query): Promise<string> {
    await this.see(query);
    return this.driver.execute<string>(
      `${PAGE_HELPERS}\nconst el = window.__e2e.find(arguments[0]); return el ? window.__e2e.norm(el.textContent) : '';`,
      wireQuery(query),
    );
  }

  /** Waits until what `query` finds has text matching `want`. */
  async seeText(query: Query, want: RegExp, timeout?: number): Promise<void> {
    await this.until(
      `${describeQuery(query)} to say ${String(want)}`,
      `const el = window.__e2e.find(arguments[0]);
       if (!el) return { wait: window.__e2e.whyNot(arguments[0]) };
       const text = window.__e2e.norm(el.textContent);
       return new RegExp(arguments[1], arguments[2]).test(text) || { wait: 'it says: ' + text.slice(0, 200) };`,
      [wireQuery(query), want.source, want.flags],
      timeout,
    );
  }

  /** Waits until the field `query` finds has a value matching `want`. */
  async seeValue(query: Query, want: string | RegExp): Promise<void> {
    const pattern = want instanceof RegExp ? want : new RegExp(`^${escapeRegExp(want)}$`);
    await this.until(
      `${describeQuery(query)} to hold ${String(want)}`,
      `const el = window.__e2e.find(arguments[0]);
       return !!el && new RegExp(arguments[1], arguments[2]).test(el.value);`,
      [wireQuery(query), pattern.source, pattern.flags],
    );
  }

  /** Waits until the address's path (with its query) matches. */
  async seePath(want: string | RegExp): Promise<void> {
    const pattern = want instanceof RegExp ? want : new RegExp(`^${escapeRegExp(want)}$`);
    await this.until(
      `the address to be ${String(want)}`,
      'return new RegExp(arguments[0], arguments[1]).test(location.pathname + location.search);',
      [pattern.source, pattern.flags],
    );
  }

  /**
   * Clicks what `query` finds once it shows and is the one a press at its centre would reach (nothing over it:
   * a toast, a closing dialog's backdrop), scrolled to the middle of the window first.
   */
  async click(query: Query): Promise<void> {
    await this.act(query, () => this.driver.click(FIND_ELEMENT, wireQuery(query)));
  }

  /**
   * Acts on what `query` finds once it can be reached; when the page replaced or covered it between the look and
   * the act (a re-render, a menu still opening), looks again, within the step's time.
   */
  private async act(query: Query, action: () => Promise<void>): Promise<void> {
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    for (;;) {
      await this.reachable(query);
      try {
        await action();
        return;
      } catch (error) {
        // WebDriver classic's words for it, and puppeteer's over BiDi (an element re-rendered away under it).
        const transient =
          /no such element|stale element|element click intercepted|not interactable|not clickable|detached/i.test(
            error instanceof Error ? error.message : String(error),
          );
        if (!transient || Date.now() > deadline) throw error;
      }
    }
  }

  /** Types into the field `query` finds, key by key. */
  async type(query: Query, text: string): Promise<void> {
    await this.act(query, () => this.driver.type(text, FIND_ELEMENT, wireQuery(query)));
  }

  /** Empties the field `query` finds as a person does (all of it selected, then deleted), then types `text`. */
  async fill(query: Query, text: string): Promise<void> {
    await this.click(query);
    await this.driver.press('Control', 'a');
    await this.driver.press('Backspace');
    if (text) await this.driver.type(text, FIND_ELEMENT, wireQuery(query));
  }

  async press(...keys: Key[]): Promise<void> {
    await this.driver.press(...keys);
  }

  /** Chooses the option labelled `label` of the `<select>` `query` finds. */
  async select(query: Query, label: string): Promise<void> {
    await this.act(query, () => this.driver.select(label, FIND_ELEMENT, wireQuery(query)));
  }

  /** Gives the file input `query` finds (shown or not) a file from disk. */
  async setFile(query: Query, path: string): Promise<void> {
    await this.see({ ...query, hidden: true });
    await this.driver.setFile(path, FIND_ELEMENT, wireQuery({ ...query, hidden: true }));
  }

  private async reachable(query: Query): Promise<void> {
    await this.until(
      `${describeQuery(query)} to be shown and free to press`,
      `const el = window.__e2e.find(arguments[0]);
       if (!el) return { wait: window.__e2e.whyNot(arguments[0]) };
       if (el.disabled) return { wait: 'disabled' };
       el.scrollIntoView({ block: 'center', inline: 'center' });
       const box = el.getBoundingClientRect();
       if (box.width === 0 || box.height === 0) return { wait: 'no size' };
       const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
       const reached = !!hit && (el.contains(hit) || hit.contains(el) || [...(el.labels ?? [])].some((l) => l.contains(hit)));
       return reached || { wait: 'covered by ' + (hit ? hit.tagName + ' ' + (hit.textContent ?? '').trim().slice(0, 40) : 'nothing') };`,
      [wireQuery(query)],
    );
  }

  /** The id of the element that has focus, a tag when it has none: to tell where focus is. */
  async focused(): Promise<string> {
    return this.driver.execute<string>(
      `const el = document.activeElement;
       return el ? (el.id || el.tagName.toLowerCase() + ':' + (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40)) : '';`,
    );
  }

  /** Whether focus is inside what `query` finds. */
  async focusInside(query: Query): Promise<boolean> {
    return this.driver.execute<boolean>(
      `${PAGE_HELPERS}\nconst el = window.__e2e.find(arguments[0]); return !!el && el.contains(document.activeElement);`,
      wireQuery(query),
    );
  }

  /** How far the page runs off its side (0 when nothing does). */
  async sidewaysOverflow(): Promise<number> {
    return this.driver.execute<number>(
      'return Math.max(0, document.documentElement.scrollWidth - window.innerWidth);',
    );
  }

  async screenshot(path: string): Promise<void> {
    await this.driver.screenshot(path);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function describeQuery(query: Query): string {
  const parts = [
    query.role ? `${query.role}` : '',
    query.name !== undefined ? `«${String(query.name)}»` : '',
    query.text !== undefined ? `text «${String(query.text)}»` : '',
    query.css ?? '',
    query.hasText !== undefined ? `with «${String(query.hasText)}»` : '',
    query.within ? `in ${describeQuery(query.within)}` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.message.slice(0, 200);
  return JSON.stringify(value) ?? String(value);
}
