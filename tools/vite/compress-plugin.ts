import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Text files served to browsers. Source maps are left out: only a developer's tools read them, and
 * brotli at quality 11 over them would double the build's compression time for no visitor.
 */
export const COMPRESSIBLE_EXTENSIONS = [
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.webmanifest',
];

/** The encodings written beside each text file, in the api's order of preference. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

export function isCompressible(fileName: string): boolean {
  return COMPRESSIBLE_EXTENSIONS.some((extension) => fileName.endsWith(extension));
}

/** Brotli at its best (quality 11, told the size and that it is text) and gzip at level 9: paid once, at build. */
export async function compressVariants(bytes: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return (
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      // `.vite/` holds the build manifest, which nothing serves.
      .filter(
        (path) =>
          !path
            .slice(directory.length)
            .split(/[/\\]/)
            .some((part) => part.startsWith('.')),
      )
  );
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of `directory` (the built portal), each only when it
 * is smaller than the file. The api serves the best one a request's `Accept-Encoding` allows
 * (apps/api/src/portal-hosting). Returns what it wrote, for the build's log.
 */
export async function precompressDirectory(
  directory: string,
): Promise<{ files: number; bytes: number; br: number; gzip: number }> {
  const root = resolve(directory);
  const files = (await filesUnder(root)).filter(isCompressible);
  const totals = { files: 0, bytes: 0, br: 0, gzip: 0 };
  // The zlib work runs on libuv's pool; a few files at a time keep it busy without holding every file in memory.
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const bytes = await readFile(file);
      const variants = await compressVariants(bytes);
      totals.files += 1;
      totals.bytes += bytes.length;
      for (const { encoding, suffix } of PRECOMPRESSED) {
        const compressed = variants[encoding];
        if (compressed.length >= bytes.length) continue;
        await writeFile(`${file}${suffix}`, compressed);
        totals[encoding] += compressed.length;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return totals;
}

/**
 * Precompresses the production build once it is written (every file, the public ones and
 * `builds/latest.json` included), so that no visitor's request pays for compression.
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => undefined;
  return {
    name: 'fed:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    async closeBundle() {
      if (!(await stat(outDir).catch(() => null))?.isDirectory()) return;
      const started = Date.now();
      const totals = await precompressDirectory(outDir);
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
      log(
        `precompressed ${totals.files} text files (${kb(totals.bytes)}): brotli ${kb(totals.br)}, ` +
          `gzip ${kb(totals.gzip)} in ${Date.now() - started} ms`,
      );
    },
  };
}
