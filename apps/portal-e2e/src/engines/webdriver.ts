import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { PAGE_HELPERS, type EngineDriver, type EngineParts, type Key } from './driver';
import { freePort } from '@fed/sandbox-fixtures/free-port';

/**
 * WebKit through WebDriver classic: WebKitGTK's `WebKitWebDriver` drives `MiniBrowser` on a virtual X display
 * (`xvfb-run`). A small typed client over fetch for the few commands the journeys use. WebDriver classic has no
 * log: console errors and uncaught exceptions are what the page helpers record once a journey first looks at a
 * page (`PAGE_HELPERS`), beside the portal's own error reports the runner reads from the api's log.
 */

/** How WebDriver names an element in JSON. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';
type ElementRef = { [ELEMENT_KEY]: string };

const KEY_CODES: Record<Key, string> = {
  Enter: '\uE007',
  Escape: '\uE00C',
  Tab: '\uE004',
  Backspace: '\uE003',
  Shift: '\uE008',
  Control: '\uE009',
  a: 'a',
};

/** A WebDriver error answer, by its error code (`no such element`, `element click intercepted`, …). */
export class WebDriverError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

const isElement = (value: unknown): value is ElementRef =>
  typeof value === 'object' && value !== null && ELEMENT_KEY in value;

/** The browser's environment: Moscow time and Russian, as the portal's people have (and the Chromium journeys). */
export const BROWSER_ENV = { TZ: 'Europe/Moscow', LANG: 'ru_RU.UTF-8', LANGUAGE: 'ru_RU:ru' };

export class WebKitDriver implements EngineDriver {
  readonly engine = 'webkit' as const;

  private constructor(
    private readonly endpoint: string,
    private readonly process: ChildProcess,
    private readonly session: string,
  ) {}

  /** Starts WebKitWebDriver under xvfb-run and opens a MiniBrowser session; fails naming what did not start. */
  static async launch(parts: EngineParts): Promise<WebKitDriver> {
    const part = (what: string) => {
      const path = parts[what];
      if (!path) throw new Error(`WebKit: where ${what} is was not given`);
      return path;
    };
    const port = await freePort();
    // Its own process group, so that closing ends xvfb-run, the X server and the driver together.
    const child = spawn(part('xvfb-run'), ['-a', part('WebKitWebDriver'), `--port=${port}`], {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, ...BROWSER_ENV },
    });
    const endpoint = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const ready = await fetch(`${endpoint}/status`)
        .then((answer) => answer.ok)
        .catch(() => false);
      if (ready) break;
      if (child.exitCode !== null || Date.now() > deadline) {
        stopGroup(child);
        throw new Error(`WebKitWebDriver did not start on port ${port} (xvfb-run exit ${child.exitCode})`);
      }
      await new Promise((wake) => setTimeout(wake, 100));
    }
    const created = await call<{ sessionId: string }>(endpoint, 'POST', '/session', {
      capabilities: {
        alwaysMatch: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': {
            binary: part('MiniBrowser'),
            args: ['--automation'],
          },
        },
      },
    }).catch((error: unknown) => {
      stopGroup(child);
      throw error;
    });
    return new WebKitDriver(endpoint, child, created.sessionId);
  }

  private command<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return call<T>(this.endpoint, method, `/session/${this.session}${path}`, body);
  }

  async goto(url: string, { until = 'load' }: { until?: 'load' | 'interactive' } = {}): Promise<void> {
    if (until === 'load') {
      await this.command('POST', '/url', { url });
      return;
    }
    // WebDriver's navigation waits for the load: asked from the page instead, it returns at once, and the
    // journey waits for the new document to be interactive.
    await this.execute('setTimeout(() => { location.href = arguments[0]; }, 0);', url);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const state = await this.execute<[string, string]>(
        'return [location.href, document.readyState];',
      ).catch(() => ['', 'loading'] as [string, string]);
      if (state[0] === url && state[1] !== 'loading') return;
      if (Date.now() > deadline) throw new Error(`${url} did not open (at ${state[0]}, ${state[1]})`);
      await new Promise((wake) => setTimeout(wake, 20));
    }
  }

  async execute<T>(body: string, ...args: unknown[]): Promise<T> {
    return this.command<T>('POST', '/execute/sync', { script: body, args });
  }

  private async element(body: string, args: unknown[]): Promise<string> {
    const found = await this.execute<unknown>(body, ...args);
    if (!isElement(found)) throw new WebDriverError('no such element', 'the script found nothing');
    return found[ELEMENT_KEY];
  }

  async click(body: string, ...args: unknown[]): Promise<void> {
    await this.command('POST', `/element/${await this.element(body, args)}/click`, {});
  }

  async type(text: string, body: string, ...args: unknown[]): Promise<void> {
    await this.command('POST', `/element/${await this.element(body, args)}/value`, { text });
  }

  async select(label: string, body: string, ...args: unknown[]): Promise<void> {
    // WebDriver picks an option by a click on the option itself.
    const option = await this.element(
      `const select = (function () { ${body} }).apply(null, arguments[0]);
       return select ? [...select.options].find((option) => option.text.trim() === arguments[1]) ?? null : null;`,
      [args, label],
    );
    await this.command('POST', `/element/${option}/click`, {});
  }

  async setFile(path: string, body: string, ...args: unknown[]): Promise<void> {
    await this.command('POST', `/element/${await this.element(body, args)}/value`, { text: path });
  }

  async press(...keys: Key[]): Promise<void> {
    const codes = keys.map((key) => KEY_CODES[key]);
    await this.command('POST', '/actions', {
      actions: [
        {
          type: 'key',
          id: 'keyboard',
          actions: [
            ...codes.map((value) => ({ type: 'keyDown', value })),
            ...codes.reverse().map((value) => ({ type: 'keyUp', value })),
          ],
        },
      ],
    });
    await this.command('DELETE', '/actions');
  }

  async resize(width: number, height: number): Promise<number> {
    await this.command('POST', '/window/rect', { width, height });
    return this.execute<number>('return window.innerWidth;');
  }

  async screenshot(path: string): Promise<void> {
    const png = await this.command<string>('GET', '/screenshot');
    writeFileSync(path, Buffer.from(png, 'base64'));
  }

  requestsInFlight(): string[] {
    return [];
  }

  async takeErrors(): Promise<string[]> {
    return this.execute<string[]>(`${PAGE_HELPERS}\nreturn window.__e2e.errors.splice(0);`).catch(() => []);
  }

  async reset(origin: string): Promise<void> {
    // The origin's storage is cleared from a page of it: the api's health answer, which runs no script.
    await this.command('POST', '/url', { url: `${origin}/api/health` });
    await this.command('DELETE', '/cookie');
    await this.execute('localStorage.clear(); sessionStorage.clear();');
    await this.command('POST', '/url', { url: 'about:blank' });
  }

  async close(): Promise<void> {
    await this.command('DELETE', '').catch(() => undefined);
    stopGroup(this.process);
  }
}

function stopGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Gone already.
  }
}

async function call<T>(endpoint: string, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${endpoint}${path}`, {
    method,
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await answer.json()) as { value: unknown };
  const value = json.value as { error?: string; message?: string } | null;
  if (!answer.ok) throw new WebDriverError(value?.error ?? String(answer.status), value?.message ?? '');
  return json.value as T;
}
