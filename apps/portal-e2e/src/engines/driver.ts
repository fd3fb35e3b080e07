/** The engines besides Chromium (their catalogue, with what each needs installed: tools/playwright/engines.mjs). */
export type EngineName = 'webkit' | 'firefox';

/** Where an engine's executables are, by name (`WebKitWebDriver`, `MiniBrowser`, `xvfb-run`, `firefox-esr`). */
export type EngineParts = Readonly<Record<string, string>>;

/**
 * What a journey looks for on a page, the way a person names it (as Playwright's `getByRole`): a role and an
 * accessible name, a text, or a CSS selector for what has neither (the page's own signals). Only what is shown
 * counts (rendered, not hidden from assistive technology), unless `hidden`. A string name or text is the whole
 * of it, spaces (no-break ones too) taken as one; a RegExp is searched for.
 */
export interface Query {
  role?: string;
  name?: string | RegExp;
  /** The heading's level, for `role: 'heading'`. */
  level?: number;
  text?: string | RegExp;
  css?: string;
  /** Only those whose text has this in it. */
  hasText?: string | RegExp;
  /** Looked for inside the first element this finds. */
  within?: Query;
  /** Which of those found (0 the first, -1 the last); the first by default. */
  nth?: number;
  /** Found even when not shown (a file input behind its frame, a page's signal in `<head>`). */
  hidden?: boolean;
}

/** A key as both drivers press it. */
export type Key = 'Enter' | 'Escape' | 'Tab' | 'Backspace' | 'Shift' | 'Control' | 'a';

/**
 * The one small interface the cross-engine journeys are written against: WebDriver classic for WebKit
 * (`webdriver.ts`), WebDriver BiDi through puppeteer-core for Firefox (`bidi.ts`). Scripts run in the page as
 * function bodies reading `arguments`; an element a script returns is the one an action takes.
 */
export interface EngineDriver {
  readonly engine: EngineName;
  /** Opens a URL; waits for its load event, or only for its document (`until: 'interactive'`). */
  goto(url: string, options?: { until?: 'load' | 'interactive' }): Promise<void>;
  /** Runs a function body in the page with `args` as `arguments`; returns its (JSON) result. */
  execute<T>(body: string, ...args: unknown[]): Promise<T>;
  /** Clicks the element `body` (run as by `execute`) returns, as a mouse does at its centre. */
  click(body: string, ...args: unknown[]): Promise<void>;
  /** Types into the element `body` returns, key by key, as a keyboard does (focusing it first). */
  type(text: string, body: string, ...args: unknown[]): Promise<void>;
  /** Chooses the option labelled `label` of the `<select>` `body` returns, as a person picks it from the list. */
  select(label: string, body: string, ...args: unknown[]): Promise<void>;
  /** Sets the file of the `<input type=file>` `body` returns, as the file chooser does. */
  setFile(path: string, body: string, ...args: unknown[]): Promise<void>;
  /** Presses keys on what has focus: held together (a chord such as Shift+Tab) when more than one. */
  press(...keys: Key[]): Promise<void>;
  /** The page's width in CSS pixels after asking the window for `width` (an engine may not go as narrow). */
  resize(width: number, height: number): Promise<number>;
  screenshot(path: string): Promise<void>;
  /** Console errors and uncaught exceptions seen since the last call, each as a line. */
  takeErrors(): Promise<string[]>;
  /**
   * The page's requests still unanswered, each with how long it has waited, for a step's message when its time
   * is up; a driver whose protocol does not tell (WebDriver classic) answers none.
   */
  requestsInFlight(): string[];
  /** A clean browser for the next journey: no cookies, no storage, on a blank page. */
  reset(origin: string): Promise<void>;
  close(): Promise<void>;
}

/** A RegExp as it crosses into the page. */
type Wire = string | { source: string; flags: string } | undefined;

/** A query as it crosses into the page: RegExps as their source and flags. */
export function wireQuery(query: Query): Record<string, unknown> {
  const wire = (value: string | RegExp | undefined): Wire =>
    value instanceof RegExp ? { source: value.source, flags: value.flags } : value;
  return {
    ...query,
    name: wire(query.name),
    text: wire(query.text),
    hasText: wire(query.hasText),
    within: query.within ? wireQuery(query.within) : undefined,
  };
}

/**
 * The page side of `Query`: defines `__find(query)` (the element or null), `__count(query)` and `__errors` (the
 * console errors and uncaught exceptions since the page loaded, for an engine whose driver has no log), once per
 * page. Kept small: the roles and names the portal's pages use, not the whole of ARIA.
 */
export const PAGE_HELPERS = String.raw`
if (!window.__e2e) {
  const errors = [];
  const show = (value) => (value instanceof Error ? value.name + ': ' + value.message : String(value));
  const consoleError = console.error.bind(console);
  console.error = (...args) => { errors.push('console.error: ' + args.map(show).join(' ')); consoleError(...args); };
  window.addEventListener('error', (event) => errors.push('uncaught: ' + show(event.error ?? event.message)));
  window.addEventListener('unhandledrejection', (event) => errors.push('unhandled rejection: ' + show(event.reason)));

  const norm = (text) => (text ?? '').replace(/\s+/g, ' ').trim();
  const matches = (text, want) => {
    if (want === undefined || want === null) return true;
    const value = norm(text);
    return typeof want === 'string' ? value === norm(want) : new RegExp(want.source, want.flags).test(value);
  };
  const IMPLICIT = [
    ['button', 'button, input[type=button], input[type=submit], input[type=reset], summary'],
    ['link', 'a[href], area[href]'],
    ['heading', 'h1, h2, h3, h4, h5, h6'],
    ['searchbox', 'input[type=search]:not([list])'],
    ['textbox', 'textarea, input:not([type]):not([list]), input[type=text]:not([list]), input[type=email]:not([list]), input[type=tel]:not([list]), input[type=url]:not([list])'],
    ['combobox', 'select:not([multiple]):not([size]), input[list]'],
    ['checkbox', 'input[type=checkbox]'],
    ['radio', 'input[type=radio]'],
    ['option', 'option'],
    ['dialog', 'dialog'],
    ['navigation', 'nav'],
    ['main', 'main'],
    ['complementary', 'aside'],
    ['banner', 'body > header, body > div header:not(main header, article header, section header, aside header, dialog header, [role=dialog] header)'],
    ['contentinfo', 'body > footer, body > div footer:not(main footer, article footer, section footer, aside footer, dialog footer, [role=dialog] footer)'],
    ['region', 'section[aria-label], section[aria-labelledby]'],
    ['article', 'article'],
    ['list', 'ul, ol'],
    ['listitem', 'li'],
    ['img', 'img[alt]:not([alt=""])'],
    ['form', 'form[aria-label], form[aria-labelledby]'],
    ['status', 'output'],
    ['group', 'fieldset'],
  ];
  const roleOf = (el) => {
    const explicit = el.getAttribute('role');
    if (explicit) return explicit.split(' ')[0];
    for (const [role, selector] of IMPLICIT) if (el.matches(selector)) return role;
    return '';
  };
  const textOf = (el) => {
    if (el.nodeType === Node.TEXT_NODE) return el.textContent;
    if (el.nodeType !== Node.ELEMENT_NODE) return '';
    if (el.matches('img[alt]')) return el.getAttribute('alt');
    if (el.getAttribute('aria-hidden') === 'true' || el.matches('script, style, template')) return '';
    if (el.getAttribute('aria-label')) return el.getAttribute('aria-label');
    return [...el.childNodes].map(textOf).join('');
  };
  const nameOf = (el) => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) {
      return labelledBy.split(/\s+/).map((id) => document.getElementById(id)).filter(Boolean).map(textOf).join(' ');
    }
    const label = el.getAttribute('aria-label');
    if (label) return label;
    if (el.matches('input, select, textarea')) {
      const labels = [...(el.labels ?? [])].map(textOf).join(' ');
      if (norm(labels)) return labels;
      if (el.matches('input[type=submit], input[type=button]')) return el.value;
      return el.getAttribute('placeholder') ?? el.getAttribute('title') ?? '';
    }
    if (el.matches('img')) return el.getAttribute('alt') ?? '';
    if (el.matches('fieldset')) return textOf(el.querySelector('legend') ?? document.createElement('i'));
    if (el.matches('dialog, [role=dialog], [role=alertdialog], nav, section, aside, form, [role=region], [role=navigation], main, ul, ol, article, [role=group], [role=list], [role=listbox], [role=tabpanel], [role=menu]')) {
      return el.getAttribute('title') ?? '';
    }
    return textOf(el);
  };
  const shown = (el) => {
    if (el.closest('[aria-hidden=true], [inert]')) return false;
    if (typeof el.checkVisibility === 'function') return el.checkVisibility({ visibilityProperty: true });
    return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const findAll = (query, root) => {
    let found;
    if (query.css) found = [...root.querySelectorAll(query.css)];
    else if (query.role) {
      found = [...root.querySelectorAll('*')].filter((el) => {
        const role = roleOf(el);
        const wanted = query.role === 'dialog' ? role === 'dialog' || role === 'alertdialog' : role === query.role;
        return wanted && (query.level === undefined || el.matches('h' + query.level) || el.getAttribute('aria-level') === String(query.level));
      });
      if (query.name !== undefined) found = found.filter((el) => matches(nameOf(el), query.name));
    } else if (query.text !== undefined) {
      const hits = [...root.querySelectorAll('*')].filter((el) => !el.matches('script, style') && matches(textOf(el), query.text));
      found = hits.filter((el) => !hits.some((other) => other !== el && el.contains(other)));
    } else found = [...root.querySelectorAll('*')];
    if (query.hasText !== undefined) {
      const want = query.hasText;
      found = found.filter((el) => typeof want === 'string' ? norm(textOf(el)).includes(norm(want)) : new RegExp(want.source, want.flags).test(norm(textOf(el))));
    }
    if (!query.hidden) found = found.filter(shown);
    return found;
  };
  const rootOf = (query) => (query.within ? find(query.within) : document);
  const find = (query) => {
    const root = rootOf(query);
    if (!root) return null;
    const all = findAll(query, root);
    const index = query.nth ?? 0;
    return all[index < 0 ? all.length + index : index] ?? null;
  };
  const count = (query) => {
    const root = rootOf(query);
    return root ? findAll(query, root).length : 0;
  };
  // Why a query finds nothing: no such element, or one kept from view (and by what), for a step's message.
  const whyNot = (query) => {
    const root = rootOf(query);
    if (!root) return 'not found: nothing matches its within';
    const all = findAll({ ...query, hidden: true }, root);
    if (all.length === 0) return 'not found';
    const el = all[0];
    const cover = el.closest('[aria-hidden=true], [inert]');
    const describe = (node) => node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + (node.className && typeof node.className === 'string' ? '.' + node.className.split(' ')[0] : '');
    if (cover) return 'not shown: inside ' + describe(cover) + (cover.hasAttribute('inert') ? ' [inert]' : ' [aria-hidden]');
    // The nearest of it and its ancestors that hides it, and how (an inline style is React's, hiding a
    // suspended tree; a class is the page's CSS).
    for (let node = el; node instanceof HTMLElement; node = node.parentElement) {
      const inline = node.getAttribute('style') ?? '';
      const display = node.ownerDocument.defaultView?.getComputedStyle(node).display ?? '';
      if (display === 'none' || /display:\s*none/.test(inline)) {
        return 'not shown: ' + describe(el) + ' hidden by ' + describe(node) + ' (style="' + inline + '")';
      }
    }
    return 'not shown: ' + describe(el) + ' is not rendered visible (document ' + document.visibilityState + ')';
  };
  window.__e2e = { errors, find, count, nameOf, norm, whyNot };
}
`;

/** A function body that returns the element `arguments[0]` (a wired query) finds, or null. */
export const FIND_ELEMENT = `${PAGE_HELPERS}\nreturn window.__e2e.find(arguments[0]);`;
