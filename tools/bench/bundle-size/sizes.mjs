/**
 * The portal build's JavaScript sizes, read from the built files and Vite's manifest (no browser): what the
 * guest home loads before `load`, and every lazy route chunk. Gzip at level 9, the figure the targets
 * are in (the api serves brotli, smaller still).
 *
 * The guest home is rendered on the server: before `load` the browser fetches only the entry (`index.html`)
 * with its static imports; the app, the home's chunks and everything they import statically come after it, to
 * take the page over (hydrate). Both sets are measured: the first against the 100 kB target, the second so that
 * what a phone runs after the page has painted does not grow unseen. bundle-size.mjs measures the first set in
 * Chromium and says when the two differ, so this model is checked against a real browser.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Manifest keys of what the guest home loads before `load`: the entry. */
export const HOME_ENTRIES = ['index.html'];
/**
 * The app itself, which `main.tsx` loads (`loadApp`): React's DOM renderer ahead, in a task of its own, then the
 * app (React, the router, the store, the frames). Not routes' chunks.
 */
export const APP_ENTRIES = ['../../node_modules/react-dom/client.js', 'src/app/start.tsx'];
/** What it loads after, to take the page over: the app and the chunks of the home's route. */
export const HYDRATION_ENTRIES = [
  ...APP_ENTRIES,
  'src/pages/home-page.tsx',
  '../../libs/competitions/src/components/upcoming-events.tsx',
];

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
 * `{ home: { total, brotli, files: {name: bytes}, paths: ['/assets/…'] }, routes: {source: bytes} }`: gzip bytes
 * of the guest home's JavaScript (and the brotli bytes the api sends of it), and of each lazy route chunk alone
 * (as bundle-size.mjs always counted them).
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
  const routes = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isDynamicEntry && !APP_ENTRIES.includes(key)) routes[nameOf(key, chunk)] = size(chunk.file);
  }
  let afterLoad = 0;
  for (const key of staticClosure(manifest, [...HOME_ENTRIES, ...HYDRATION_ENTRIES])) {
    if (!staticClosure(manifest, HOME_ENTRIES).includes(key)) afterLoad += size(manifest[key].file);
  }
  return { home: { total, brotli, files, paths, afterLoad }, routes };
}
