import puppeteer, {
  type Browser,
  type BrowserContext,
  type ElementHandle,
  type HTTPRequest,
  type KeyInput,
  type Page,
} from 'puppeteer-core';
import type { EngineDriver, EngineParts, Key } from './driver';
import { BROWSER_ENV } from './webdriver';

/**
 * Firefox through WebDriver BiDi: Debian's firefox-esr, launched and driven by puppeteer-core (no downloaded
 * browser, no geckodriver). BiDi reports the console and uncaught exceptions as they happen, from the first
 * script of a page on. Each journey gets a context of its own (cookies and storage apart).
 */
export class FirefoxDriver implements EngineDriver {
  readonly engine = 'firefox' as const;
  private readonly errors: string[] = [];
  private readonly inFlight = new Map<HTTPRequest, number>();
  private readonly failedRequests: string[] = [];
  private context: BrowserContext | null = null;
  private page: Page | null = null;
  private viewport = { width: 1280, height: 800 };

  private constructor(private readonly browser: Browser) {}

  static async launch(parts: EngineParts): Promise<FirefoxDriver> {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: parts['firefox-esr'] ?? '/usr/bin/firefox-esr',
      headless: true,
      env: { ...process.env, ...BROWSER_ENV },
      extraPrefsFirefox: { 'intl.accept_languages': 'ru-RU, ru' },
      protocolTimeout: 60_000,
    });
    const driver = new FirefoxDriver(browser);
    await driver.newPage();
    return driver;
  }

  private async newPage(): Promise<Page> {
    await this.context?.close().catch(() => undefined);
    this.context = await this.browser.createBrowserContext();
    const page = await this.context.newPage();
    await page.setViewport(this.viewport);
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(`console.error: ${message.text()}`);
    });
    this.inFlight.clear();
    page.on('request', (request) => this.inFlight.set(request, Date.now()));
    page.on('requestfinished', (request) => this.inFlight.delete(request));
    page.on('requestfailed', (request) => {
      this.inFlight.delete(request);
      this.failedRequests.push(`${request.url()} failed: ${request.failure()?.errorText ?? '?'}`);
    });
    page.on('pageerror', (error) => {
      this.errors.push(
        `uncaught: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
      );
    });
    this.page = page;
    return page;
  }

  private get current(): Page {
    if (!this.page) throw new Error('Firefox has no page open');
    return this.page;
  }

  async goto(url: string, { until = 'load' }: { until?: 'load' | 'interactive' } = {}): Promise<void> {
    await this.current.goto(url, { waitUntil: until === 'load' ? 'load' : 'domcontentloaded' });
  }

  async execute<T>(body: string, ...args: unknown[]): Promise<T> {
    // The body is the journey's own text, run as WebDriver runs a script: a function of its arguments.
    const run = new Function(body) as (...values: unknown[]) => T;
    return (await this.current.evaluate(run, ...args)) as T;
  }

  private async element(body: string, args: unknown[]): Promise<ElementHandle<Element>> {
    const run = new Function(body) as (...values: unknown[]) => Element | null;
    const handle = await this.current.evaluateHandle(run, ...args);
    const element = handle.asElement() as ElementHandle<Element> | null;
    if (!element) {
      await handle.dispose();
      throw new Error('no such element: the script found nothing');
    }
    return element;
  }

  async click(body: string, ...args: unknown[]): Promise<void> {
    const element = await this.element(body, args);
    try {
      await element.click();
    } finally {
      await element.dispose();
    }
  }

  async type(text: string, body: string, ...args: unknown[]): Promise<void> {
    const element = await this.element(body, args);
    try {
      await element.type(text);
    } finally {
      await element.dispose();
    }
  }

  async select(label: string, body: string, ...args: unknown[]): Promise<void> {
    const element = (await this.element(body, args)) as ElementHandle<HTMLSelectElement>;
    try {
      const value = await element.evaluate(
        (select, text) => [...select.options].find((option) => option.text.trim() === text)?.value,
        label,
      );
      if (value === undefined) throw new Error(`no option «${label}»`);
      await element.select(value);
    } finally {
      await element.dispose();
    }
  }

  async setFile(path: string, body: string, ...args: unknown[]): Promise<void> {
    const element = (await this.element(body, args)) as ElementHandle<HTMLInputElement>;
    try {
      await element.uploadFile(path);
    } finally {
      await element.dispose();
    }
  }

  async press(...keys: Key[]): Promise<void> {
    const keyboard = this.current.keyboard;
    for (const key of keys) await keyboard.down(key as KeyInput);
    for (const key of [...keys].reverse()) await keyboard.up(key as KeyInput);
  }

  async resize(width: number, height: number): Promise<number> {
    this.viewport = { width, height };
    await this.current.setViewport(this.viewport);
    return this.execute<number>('return window.innerWidth;');
  }

  async screenshot(path: string): Promise<void> {
    await this.current.screenshot({ path: path as `${string}.png` });
  }

  requestsInFlight(): string[] {
    const now = Date.now();
    return [
      ...[...this.inFlight].map(([request, since]) => `${request.url()} waiting ${now - since} ms`),
      ...this.failedRequests.slice(-5),
    ];
  }

  async takeErrors(): Promise<string[]> {
    return this.errors.splice(0);
  }

  async reset(): Promise<void> {
    await this.newPage();
    this.errors.splice(0);
    this.failedRequests.splice(0);
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
  }
}
