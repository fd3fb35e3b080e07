import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  createStaticHandler,
  matchPath,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router-dom';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  baseApi,
  providePublicConfig,
  routeRequestsThrough,
  SERVER_RENDER_ORIGIN,
  type PrefetchDispatch,
} from '@fed/api-client';
import { decidesReturn, ReturnRoutesContext, type RouteOfTable } from '@fed/auth-session';
import type { CreatePortalRenderer, PageRenderRequest, PortalRenderer, RenderedPage } from '@fed/contracts';
import { systemClock, type Clock } from '@fed/calendar';
import {
  ClockProvider,
  DocumentHeadContext,
  islandIdPrefix,
  IslandPlaceholders,
  type DocumentHead,
} from '@fed/ui-kit';
import { PortalFrame } from '../app/app';
import { resolveGuard } from '../app/guards';
import { pageStateElement } from '../app/page-state';
import { MAX_NEXT_ROUTES } from '../app/route-prefetch';
import { buildRouteObjects, layoutPrefetch, portalRouteOf } from '../app/router';
import { DEFAULT_TITLE, portalRoutes, type PortalRoute } from '../app/routes';
import { createServerStore } from '../app/store';
import { IslandRoot } from '../islands/island-root';
import { islandLoaders } from '../islands/registry';
import { chunkFiles, readManifest, type ClientManifest } from './manifest';

/** The routes the sign-in's island learns where its visitor came from by (`ReturnRoutesContext`). */
const returnRoutes: RouteOfTable[] = portalRoutes
  .filter(decidesReturn)
  .map(({ path, guard }) => ({ path, guard }));

declare global {
  // The server build rewrites every `import('x')` of the portal's code into a call of this first (vite.config.ts):
  // a route's chunks are known by what its page loader imports, whatever the route composed.
  var __portalChunk: ((key: string) => void) | undefined;
}

const routeChunks = new Map<PortalRoute, string[]>();

/**
 * The browser build's chunks (manifest keys) of a route's page: what its loader imports. A loader starts its
 * imports at once (each `import()` is called before anything is awaited), so they are heard while it is called;
 * the loading itself goes on and is cached by the module system. Known once per route.
 */
function chunksOf(route: PortalRoute): string[] {
  let keys = routeChunks.get(route);
  if (keys === undefined) {
    keys = route.load ? heardWhile(route.load) : [];
    routeChunks.set(route, keys);
  }
  return keys;
}

/** The chunks (manifest keys) an import heard while `load` is called: what it loads, as `chunksOf` hears. */
function heardWhile(load: () => Promise<unknown>): string[] {
  const heard = new Set<string>();
  const previous = globalThis.__portalChunk;
  globalThis.__portalChunk = (key) => heard.add(key);
  try {
    void load().catch(() => undefined);
  } finally {
    globalThis.__portalChunk = previous;
  }
  return [...heard];
}

const islandChunkKeys = new Map<string, string[]>();
/** The browser build's chunks of an island (its registry's loader). */
function islandChunks(name: string): string[] {
  let keys = islandChunkKeys.get(name);
  const load = islandLoaders[name];
  if (keys === undefined && load) {
    keys = heardWhile(load);
    islandChunkKeys.set(name, keys);
  }
  return keys ?? [];
}

/** An island's empty container as the page's render leaves it (`Island` under `IslandPlaceholders`). */
const ISLAND_PLACEHOLDER =
  /<div style="display:contents" data-island="([^"]+)" data-island-props="([^"]*)"><\/div>/g;

/** An attribute's text as React escaped it, back to the text. */
const unescapeAttribute = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Fills the islands' containers of a rendered page: each island rendered as a root of its own, from its props,
 * with the id prefix of its place in the page — exactly what the browser hydrates it with (`islands/hydrate-islands.tsx`).
 * Returns the page and the names of its islands.
 */
async function fillIslands(
  body: string,
  clock: Clock = systemClock,
): Promise<{ html: string; names: string[] }> {
  const found = [...body.matchAll(ISLAND_PLACEHOLDER)];
  const names = found.map((match) => match[1] ?? '');
  const rendered = await Promise.all(
    found.map(async ([, name = '', props = ''], index) => {
      const load = islandLoaders[name];
      if (!load) throw new Error(`The islands' registry has no ${name}.`);
      const Island = await load();
      return toHtml(
        <ClockProvider clock={clock}>
          <IslandRoot>
            <Island {...(JSON.parse(unescapeAttribute(props)) as object)} />
          </IslandRoot>
        </ClockProvider>,
        islandIdPrefix(index),
      );
    }),
  );
  let index = 0;
  const html = body.replace(ISLAND_PLACEHOLDER, (container) =>
    container.replace(/<\/div>$/, `${rendered[index++] ?? ''}</div>`),
  );
  return { html, names: [...new Set(names)] };
}

/** The app's own chunk (the browser's `import('./app/start')`), whose stylesheets frame every page. */
const APP_CHUNK = 'src/app/start.tsx';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A failure of one of the page's own reads: what its status says of the page. */
function failureStatus(error: unknown): number | null {
  const status = (error as FetchBaseQueryError | undefined)?.status;
  if (status === 404 || status === 400) return 404;
  if (status === 503 || status === 504) return status;
  return 502;
}

/**
 * The status of a page from its own reads (not the frame's): 200 when any was answered; when none was, 404 if
 * they all said there is no such record, else the platform's failure (502, or 503/504 as it said).
 */
function pageStatus(state: ReturnType<ReturnType<typeof createServerStore>['getState']>, keys: Set<string>) {
  const entries = [...keys].map((key) => state.api.queries[key]).filter((entry) => entry !== undefined);
  if (entries.length === 0 || entries.some((entry) => entry.status === 'fulfilled')) return 200;
  const statuses = entries.map((entry) => failureStatus(entry.error));
  return statuses.every((status) => status === 404) ? 404 : (statuses.find((s) => s !== 404) ?? 502);
}

async function toHtml(element: React.ReactElement, identifierPrefix?: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, { identifierPrefix });
  const parts: Buffer[] = [];
  for await (const part of prelude as AsyncIterable<Buffer | string>) {
    parts.push(typeof part === 'string' ? Buffer.from(part) : part);
  }
  return Buffer.concat(parts).toString('utf8');
}

/** A stylesheet link of the build's template (`index.html`). */
const TEMPLATE_STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g;

/**
 * A stylesheet in the page itself: a phone paints without a round trip per file (a page has a dozen small ones).
 * The disabled link beside it (never fetched, never applied) tells the browser build's chunk loader that the
 * file is there already, so it does not load it again when the app takes the page over.
 */
function inlineStylesheet(href: string, css: string): string {
  const text = css.replace(/<\//g, '<\\/');
  return `<style data-href="${escapeHtml(href)}">${text}</style><link rel="stylesheet" href="${escapeHtml(href)}" disabled>`;
}

function composePage(
  template: string,
  parts: { title: string; stylesheets: string[]; body: string; state: string },
  css: (href: string) => string,
): string {
  const styles = parts.stylesheets.map((href) => inlineStylesheet(href, css(href))).join('');
  return (
    template
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(parts.title)}</title>`)
      .replace(TEMPLATE_STYLESHEET, (_link, href: string) => inlineStylesheet(href, css(href)))
      .replace('</head>', `${styles}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${parts.body}</div>${parts.state}`)
      // The page is there without JavaScript: the shell's plea for it would only be noise.
      .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
  );
}

export const createPortalRenderer: CreatePortalRenderer = async (options) => {
  providePublicConfig(options.publicConfig);
  routeRequestsThrough(options.fetch);
  const manifest: ClientManifest = readManifest(options.clientDir);
  const framed = chunkFiles(manifest, ['index.html']);
  const appFiles = chunkFiles(manifest, [APP_CHUNK]);
  const guest = { authenticated: false, contractorType: null };
  const stylesheetText = new Map<string, string>();
  const css = (href: string) => {
    let text = stylesheetText.get(href);
    if (text === undefined) {
      text = readFileSync(join(options.clientDir, href), 'utf8');
      stylesheetText.set(href, text);
    }
    return text;
  };

  async function render({ url, template }: PageRenderRequest): Promise<RenderedPage | null> {
    const location = new URL(url, SERVER_RENDER_ORIGIN);
    // Made per page: the route objects load their page lazily, on the first render of each.
    const handler = createStaticHandler(buildRouteObjects(portalRoutes));
    const context = await handler.query(new Request(location.href));
    if (context instanceof Response) return null;
    const leaf = context.matches[context.matches.length - 1];
    const route = leaf && portalRouteOf(leaf.route.id);
    if (!route || route.render !== 'server') return null;
    const verdict = resolveGuard(route.guard, guest, {
      pathname: location.pathname,
      search: location.search,
      params: leaf.params,
    });
    if (verdict.kind !== 'allow') return null;

    const store = createServerStore();
    const pageKeys = new Set<string>();
    const pageDispatch = ((action: Parameters<PrefetchDispatch>[0]) => {
      const started = store.dispatch(action as never) as unknown;
      const key = (started as { queryCacheKey?: unknown } | undefined)?.queryCacheKey;
      if (typeof key === 'string') pageKeys.add(key);
      return started;
    }) as PrefetchDispatch;
    const page = { params: leaf.params, search: location.searchParams };
    await Promise.all([
      route.prefetch?.(page, pageDispatch),
      layoutPrefetch[route.layout]?.(page, store.dispatch as PrefetchDispatch),
    ]);
    await Promise.all(store.dispatch(baseApi.util.getRunningQueriesThunk()));

    const head: DocumentHead = { title: null };
    const router = createStaticRouter(handler.dataRoutes, context as StaticHandlerContext);
    const islands = route.hydrate === 'islands';
    const rendered = await toHtml(
      <IslandPlaceholders.Provider value={islands}>
        <ReturnRoutesContext.Provider value={returnRoutes}>
          <DocumentHeadContext.Provider value={head}>
            <PortalFrame store={store} clock={options.clock}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </PortalFrame>
          </DocumentHeadContext.Provider>
        </ReturnRoutesContext.Provider>
      </IslandPlaceholders.Provider>,
    );
    const { html: body, names } = islands
      ? await fillIslands(rendered, options.clock)
      : { html: rendered, names: [] };
    const files = chunkFiles(manifest, chunksOf(route));
    const islandFiles = chunkFiles(manifest, names.flatMap(islandChunks));
    let state: string;
    if (islands) {
      // Its islands' chunks only; nothing is prefetched: the pages it links to are pages the server renders.
      state = pageStateElement({
        islands: islandFiles.scripts.filter((file) => !framed.scripts.includes(file)),
      });
    } else {
      const loaded = new Set([
        ...framed.scripts,
        ...appFiles.scripts,
        ...files.scripts,
        ...files.stylesheets,
      ]);
      const next = chunkFiles(
        manifest,
        (route.next ?? []).slice(0, MAX_NEXT_ROUTES).flatMap((path) => {
          const likely = portalRoutes.find((candidate) => candidate.path === path);
          return likely ? chunksOf(likely) : [];
        }),
      );
      state = pageStateElement({
        api: store.getState().api,
        router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
        chunks: files.scripts.filter((file) => !framed.scripts.includes(file)),
        prefetch: [...next.scripts, ...next.stylesheets].filter((file) => !loaded.has(file)),
      });
    }
    const stylesheets = [
      ...new Set([...appFiles.stylesheets, ...files.stylesheets, ...islandFiles.stylesheets]),
    ].filter((file) => !framed.stylesheets.includes(file));
    const status = route.path === '*' ? 404 : pageStatus(store.getState(), pageKeys);
    return {
      status,
      html: composePage(
        template,
        { title: head.title ?? route.title ?? DEFAULT_TITLE, stylesheets, body, state },
        css,
      ),
    };
  }

  const links = (files: { scripts: string[]; stylesheets: string[] }) =>
    [
      ...files.scripts
        .filter((file) => !framed.scripts.includes(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`),
      ...files.stylesheets
        .filter((file) => !framed.stylesheets.includes(file))
        .map((file) => `<link rel="stylesheet" crossorigin href="${escapeHtml(file)}">`),
    ].join('');
  const shells = new Map<PortalRoute | undefined, string>();

  const renderer: PortalRenderer = {
    render,
    shell: (template, url) => {
      const { pathname } = new URL(url, SERVER_RENDER_ORIGIN);
      const route = portalRoutes.find(
        (candidate) => candidate.path !== '*' && matchPath(candidate.path, pathname),
      );
      let head = shells.get(route);
      if (head === undefined) {
        head = links(chunkFiles(manifest, [APP_CHUNK, ...(route ? chunksOf(route) : [])]));
        shells.set(route, head);
      }
      return template.replace('</head>', `${head}</head>`);
    },
  };
  return renderer;
};
