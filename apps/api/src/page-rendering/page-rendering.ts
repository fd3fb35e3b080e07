import type { Clock } from '@fed/calendar';
import { Logger } from '@nestjs/common';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  PORTAL_RENDERER_PATH,
  SIGNED_IN_COOKIE,
  type CreatePortalRenderer,
  type PortalRenderer,
  type PublicConfig,
} from '@fed/contracts';
import { PageCache, type CacheOutcome, type PageCacheOptions } from './page-cache';
import { RenderedText } from './rendered-text';

export interface PageRenderingOptions {
  portalDistDir: string;
  publicConfig: PublicConfig;
  /** How the renderer's reads reach the api (`inProcessFetch`). */
  fetch: typeof fetch;
  cache: PageCacheOptions;
  /** A render not done by then is given up: the visitor gets the shell, which renders in the browser. */
  deadlineMs: number;
  /** The api's clock, which the pages are rendered on. */
  clock: Clock;
  /** Loads the render module; `import()` of its file by default (tests give their own). */
  load?: (file: string) => Promise<{ createPortalRenderer: CreatePortalRenderer }>;
}

/** A page as the api answers it. */
export interface PageAnswer {
  status: number;
  text: RenderedText;
  /** `hit`, `stale` or `miss` of the cache; `shell` for the app's shell. */
  source: CacheOutcome | 'shell';
}

interface CachedRender {
  status: number;
  text: RenderedText;
  weight: number;
}

/** Whether the request carries the signed-in hint (`SIGNED_IN_COOKIE=1`). */
export function hasSignedInHint(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => part.trim() === `${SIGNED_IN_COOKIE}=1`);
}

// Kept out of the bundler's sight: the render module is the portal build's, found at run time beside it (the api
// never imports the portal's code when built), and `import()` of a file URL must stay an ESM import in the
// CommonJS bundle.
const importModule = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<{ createPortalRenderer: CreatePortalRenderer }>;

/**
 * The portal's pages rendered for guests (ADR 0021): the render module of the portal build, loaded when first
 * needed and again when the build changes, its pages kept a few seconds in a shared cache, emptied by the
 * portal's own writes. Without a render module (an old build, a failure to load it) every page is the shell.
 */
export class PageRendering {
  private readonly logger = new Logger('PageRendering');
  private readonly cache: PageCache<CachedRender>;
  private readonly file: string;
  private loaded: { mtimeMs: number; renderer: Promise<PortalRenderer | null> } | null = null;
  private checkedAt = -Infinity;
  private template: string | null = null;
  /** The shells of this build by their HTML (one per route at most). */
  private shells = { template: '', texts: new Map<string, RenderedText>() };

  constructor(private readonly options: PageRenderingOptions) {
    this.cache = new PageCache<CachedRender>(options.cache);
    this.file = resolve(options.portalDistDir, PORTAL_RENDERER_PATH);
  }

  /** Forgets every rendered page: the portal wrote to the platform. */
  invalidate(): void {
    this.cache.invalidate();
  }

  /**
   * The answer to a page request for `url` (path and query) made from `template` (index.html with the public
   * configuration): the guest's page rendered on the server, or the app's shell for a signed-in browser, an
   * address rendered in the browser only, or a render that failed or took too long. Null without a render
   * module: the template is the page, as it was before pages were rendered.
   */
  async answer(url: string, template: string, signedIn: boolean): Promise<PageAnswer | null> {
    const renderer = await this.renderer();
    if (renderer === null) return null;
    if (template !== this.template) {
      // A new build: its pages are other pages.
      this.template = template;
      this.cache.invalidate();
    }
    if (signedIn) return this.shell(renderer, template, url);
    try {
      const { page, outcome } = await this.cache.get(url, async () => {
        const rendered = await this.withDeadline(renderer.render({ url, template }));
        if (rendered === null) return { page: null as unknown as CachedRender, keep: false };
        const text = new RenderedText(Buffer.from(rendered.html));
        // A page the platform failed for is not kept: the next visitor may get it whole.
        return { page: { status: rendered.status, text, weight: text.weight }, keep: rendered.status < 500 };
      });
      if (page === null) return this.shell(renderer, template, url);
      return { status: page.status, text: page.text, source: outcome };
    } catch (error) {
      this.logger.error(`The page ${url.split('?')[0]} could not be rendered: ${String(error)}`);
      return this.shell(renderer, template, url);
    }
  }

  private shell(renderer: PortalRenderer, template: string, url: string): PageAnswer {
    if (this.shells.template !== template) this.shells = { template, texts: new Map() };
    const html = renderer.shell(template, url);
    let text = this.shells.texts.get(html);
    if (text === undefined) {
      text = new RenderedText(Buffer.from(html));
      this.shells.texts.set(html, text);
    }
    return { status: 200, text, source: 'shell' };
  }

  private async withDeadline<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no page within ${this.options.deadlineMs} ms`)),
        this.options.deadlineMs,
      );
    });
    try {
      return await Promise.race([work, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The render module of the build being served: looked at once a second, loaded again when rebuilt. */
  private renderer(): Promise<PortalRenderer | null> {
    const now = performance.now();
    if (this.loaded && now - this.checkedAt < 1000) return this.loaded.renderer;
    this.checkedAt = now;
    const mtimeMs = statSync(this.file, { throwIfNoEntry: false })?.mtimeMs ?? -1;
    if (this.loaded?.mtimeMs === mtimeMs) return this.loaded.renderer;
    const renderer =
      mtimeMs < 0
        ? Promise.resolve(null)
        : this.loadRenderer(`${pathToFileURL(this.file).href}?build=${mtimeMs}`).catch((error: unknown) => {
            this.logger.error(`The portal's render module could not be loaded: ${String(error)}`);
            return null;
          });
    this.loaded = { mtimeMs, renderer };
    return renderer;
  }

  private async loadRenderer(specifier: string): Promise<PortalRenderer> {
    const module = await (this.options.load ?? importModule)(specifier);
    return module.createPortalRenderer({
      clientDir: this.options.portalDistDir,
      publicConfig: this.options.publicConfig,
      fetch: this.options.fetch,
      clock: this.options.clock,
    });
  }
}

/** Where a built portal keeps its render module. */
export const rendererFileOf = (portalDistDir: string) => join(portalDistDir, PORTAL_RENDERER_PATH);
