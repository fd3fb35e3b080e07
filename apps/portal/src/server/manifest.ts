import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One entry of Vite's build manifest (`.vite/manifest.json` of the browser's build). */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The manifest by key: a chunk's source, relative to the portal's root, or `_name` for a shared chunk. */
export type ClientManifest = Record<string, ManifestChunk>;

export function readManifest(clientDir: string): ClientManifest {
  return JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as ClientManifest;
}

/**
 * The files the chunks of `keys` load before running: their scripts and their static imports' (transitively), and
 * every stylesheet of those. Site paths (`/assets/…`), in a stable order; keys the manifest lacks are skipped.
 */
export function chunkFiles(
  manifest: ClientManifest,
  keys: readonly string[],
): { scripts: string[]; stylesheets: string[] } {
  const seen = new Set<string>();
  const scripts: string[] = [];
  const stylesheets = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    chunk.imports?.forEach(visit);
    scripts.push(`/${chunk.file}`);
    chunk.css?.forEach((file) => stylesheets.add(`/${file}`));
  };
  keys.forEach(visit);
  return { scripts, stylesheets: [...stylesheets] };
}
