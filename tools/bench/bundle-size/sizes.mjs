/**
 * The portal build's JavaScript sizes, read from the built files and Vite's manifest (no browser): what the
 * guest home loads before `load`, and every lazy route chunk. Gzip at level 9, the figure the issue's targets
 * are in (the api serves brotli, smaller still).
 *
 * The guest home is rendered on the server: before `load` the browser fetches only the entry (`index.html`)
 * with its static imports; after it, to take the page over, React's DOM renderer and the islands' entry (the
 * guest pages hydrate their interactive parts only, not the app), and the chunks of the page's islands. Measured:
 * the first set against the 100 kB target; the second, each island's own chunks, and the whole of each island page
 * (against 90 kB), so that what a phone runs after the page has painted does not grow unseen. bundle-size.mjs
 * measures the pages in Chromium and says when they differ from this model.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Manifest keys of what the guest home loads before `load`: the entry. */
export const HOME_ENTRIES = ['index.html'];
/**
 * The app itself, which `main.tsx` loads (`loadApp`) for anyone signed in and for the guest pages that are not
 * taken over by islands: React's DOM renderer ahead (through `dom-renderer.ts`), in a task of its own, then the app (React, the router, the
 * store, the frames). Not routes' chunks. Keys as the manifest writes them, whatever path `node_modules` has.
 */
export const APP_ENTRIES = ['src/app/dom-renderer.ts', 'src/app/start.tsx'];
/**
 * What a guest's server-rendered page loads after `load` to be taken over when its route hydrates islands
 * (`hydrate: 'islands'`): React's DOM renderer and the islands' entry (with the guest header, on every such page).
 */
export const HYDRATION_ENTRIES = ['src/app/dom-renderer.ts', 'src/islands/hydrate-islands.tsx'];
/** Each island's chunk (`islands/registry.ts`), loaded by the pages that have it. */
export const ISLANDS = {
  'events-filters': 'libs/competitions/src/components/events-filters-island.tsx',
  'event-calendar': 'libs/competitions/src/components/event-calendar-button.tsx',
  'sportsmen-filters': 'libs/profile/src/components/registry/sportsmen-filters-island.tsx',
  'organizations-filters': 'libs/profile/src/components/registry/organizations-filters-island.tsx',
  'club-athletes': 'libs/profile/src/components/registry/club-athletes-island.tsx',
  'organizer-events': 'libs/profile/src/components/registry/organizer-events-island.tsx',
  'federation-clubs': 'libs/profile/src/components/registry/federation-clubs-island.tsx',
  'reload-retry': 'libs/ui-kit/src/lib/reload-retry.tsx',
  'sign-in': 'libs/auth-session/src/components/sign-in.tsx',
};
/** The guest pages taken over by islands, with the islands each has beside the header. */
export const ISLAND_PAGES = {
  '/': [],
  '/competitions': ['events-filters'],
  '/competitions/{id}': ['event-calendar'],
  '/sportsmen': ['sportsmen-filters'],
  '/organizations': ['organizations-filters'],
  // Someone's public page: an athlete's has no island but the header; a club's pages its athletes and events.
  '/profile/{athlete}': [],
  '/profile/{club}': ['club-athletes', 'organizer-events'],
  // The federation's page (also its /profile/{id}): its events and organizations.
  '/fk': ['organizer-events', 'federation-clubs'],
  // The sign-in: the phone and the code (the account choice of a family's login is the app's, after a load).
  '/login': ['sign-in'],
};

/**
 * The manifest's key of a source: keys are relative to the portal, `node_modules` wherever it resolves; a module
 * that is no entry, by its shared chunk's name.
 */
export function keyOf(manifest, source) {
  if (manifest[source] !== undefined) return source;
  const bySource = Object.keys(manifest).find((key) => key.replace(/^(\.\.\/)+/, '').endsWith(source));
  if (bySource !== undefined) return bySource;
  // A module a page also imports statically is no entry of its own: its shared chunk (`_name-hash.js`) is.
  const name = source
    .split('/')
    .pop()
    ?.replace(/\.[jt]sx?$/, '');
  return Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key].name === name) ?? source;
}

export function gzipBytes(bytes) {
  return gzipSync(bytes, { level: 9 }).length;
}

export function readManifest(dist) {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
}

/** The manifest keys a set of entries loads: themselves and their static imports, transitively. */
export function staticClosure(manifest, entries) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || manifest[key] === undefined) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  entries.forEach(visit);
  return [...seen];
}

/** A chunk's stable name: its source for entries, its chunk name for shared chunks (file names carry hashes). */
function nameOf(key, chunk) {
  return (chunk.src ?? chunk.name ?? key).replace(/^(\.\.\/)+/, '');
}

/**
 * `{ home: { total, brotli, files: {name: bytes}, paths: ['/assets/…'] }, islands: {name: bytes},
 * islandChunks: {name: {chunk: bytes}}, pages: {path: bytes}, routes: {source: bytes} }`: gzip bytes of the guest
 * home's JavaScript (and the brotli bytes the api sends of it), of what each island adds (and the chunks it adds),
 * of all of each islands page's JavaScript, and of each lazy route chunk alone (as bundle-size.mjs always counted
 * them).
 */
export function measureBuild(dist) {
  const manifest = readManifest(dist);
  const size = (file) => gzipBytes(readFileSync(join(dist, file)));
  const missing = HOME_ENTRIES.filter((key) => manifest[key] === undefined);
  if (missing.length > 0) throw new Error(`the build's manifest has no ${missing.join(', ')}`);
  const files = {};
  const paths = [];
  let total = 0;
  // What crosses the wire to a browser: the brotli variant the build wrote (the file itself without one).
  let brotli = 0;
  for (const key of staticClosure(manifest, HOME_ENTRIES)) {
    const chunk = manifest[key];
    const bytes = size(chunk.file);
    const variant = join(dist, `${chunk.file}.br`);
    brotli += statSync(existsSync(variant) ? variant : join(dist, chunk.file)).size;
    files[nameOf(key, chunk)] = bytes;
    paths.push(`/${chunk.file}`);
    total += bytes;
  }
  const appKeys = APP_ENTRIES.map((source) => keyOf(manifest, source));
  const routes = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isDynamicEntry && !appKeys.includes(key)) routes[nameOf(key, chunk)] = size(chunk.file);
  }
  const before = new Set(staticClosure(manifest, HOME_ENTRIES));
  const closureSize = (keys, without) =>
    staticClosure(manifest, keys)
      .filter((key) => !without.has(key))
      .reduce((sum, key) => sum + size(manifest[key].file), 0);
  const core = HYDRATION_ENTRIES.map((source) => keyOf(manifest, source));
  const afterLoad = closureSize(core, before);
  const shared = new Set([...before, ...staticClosure(manifest, core)]);
  // What each island adds to a page that has it, beyond what every such page loads.
  const islands = {};
  // And what it is made of: each chunk it adds, by its stable name (the report prints them; the gate does not).
  const islandChunks = {};
  for (const [name, source] of Object.entries(ISLANDS)) {
    islands[name] = closureSize([keyOf(manifest, source)], shared);
    islandChunks[name] = Object.fromEntries(
      staticClosure(manifest, [keyOf(manifest, source)])
        .filter((key) => !shared.has(key))
        .map((key) => [nameOf(key, manifest[key]), size(manifest[key].file)]),
    );
  }
  // All of a page's JavaScript: before `load`, and after it to be taken over (shared chunks counted once).
  const pages = {};
  for (const [path, names] of Object.entries(ISLAND_PAGES)) {
    const keys = [...HOME_ENTRIES, ...core, ...names.map((name) => keyOf(manifest, ISLANDS[name]))];
    pages[path] = closureSize(keys, new Set());
  }
  return { home: { total, brotli, files, paths, afterLoad }, islands, islandChunks, pages, routes };
}
