import react from '@vitejs/plugin-react';
import { relative, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { buildIdPlugin } from '../../tools/vite/build-id-plugin.ts';
import { precompressPlugin } from '../../tools/vite/compress-plugin.ts';

const workspaceRoot = resolve(import.meta.dirname, '../..');

/**
 * The first time an object schema parses, zod probes with `new Function('')` whether it may compile parsers
 * (its JIT). The api's CSP has no 'unsafe-eval', so the probe always failed, and every page logged a
 * `script-src` violation for it. Zod's `jitless` setting skips the probe: the bundle starts with it on, which
 * parses exactly as before (without eval zod never compiled anything here) and evaluates no string.
 */
function zodWithoutEval(): Plugin {
  const initial = '(_a.__zod_globalConfig = {})';
  return {
    name: 'zod-without-eval',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      // A new zod that starts its settings differently must fail the build, not bring the violation back.
      if (!code.includes(initial))
        this.error(`zod no longer starts its settings with ${initial}: update zodWithoutEval`);
      return { code: code.replace(initial, '(_a.__zod_globalConfig = { jitless: true })'), map: null };
    },
  };
}

/** A dynamic import of the portal's code: `import('./x')` with a literal path. */
const DYNAMIC_IMPORT = /\bimport\(\s*(['"])([^'"]+)\1\s*\)/g;

/**
 * The server build only: every `import('x')` of the workspace's code first tells the renderer which chunk of the
 * browser's build it is (its manifest key, the path from the portal's root), so that the renderer knows the
 * stylesheets and scripts of whatever a page's render imported (`src/server/render.tsx`).
 */
function recordChunks(): Plugin {
  const root = import.meta.dirname;
  return {
    name: 'portal-server-chunks',
    async transform(code, id) {
      if (id.includes('/node_modules/') || !id.startsWith(workspaceRoot) || !code.includes('import('))
        return null;
      let out = '';
      let last = 0;
      for (const match of code.matchAll(DYNAMIC_IMPORT)) {
        const resolved = await this.resolve(match[2] ?? '', id);
        if (!resolved || resolved.id.includes('/node_modules/')) continue;
        const key = relative(root, resolved.id.split('?')[0] ?? '');
        out += `${code.slice(last, match.index)}(globalThis.__portalChunk?.(${JSON.stringify(key)}), ${match[0]})`;
        last = (match.index ?? 0) + match[0].length;
      }
      return last === 0 ? null : { code: out + code.slice(last), map: null };
    },
  };
}

/** The renderer's build (`vite build --ssr`): beside the browser's files, never among them (they are served). */
const serverOutDir = resolve(workspaceRoot, 'dist/apps/portal-server');

export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  cacheDir: resolve(workspaceRoot, 'node_modules/.vite/apps/portal'),
  plugins: isSsrBuild
    ? [react(), zodWithoutEval(), recordChunks()]
    : [react(), buildIdPlugin(), zodWithoutEval(), precompressPlugin()],
  resolve: { tsconfigPaths: true },
  ...(isSsrBuild && {
    // The build id is the browser build's; the renderer never reads it, but shared code compiles it in.
    define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify('server') },
  }),
  build: isSsrBuild
    ? {
        ssr: 'src/server/render-entry.ts',
        copyPublicDir: false,
        outDir: serverOutDir,
        emptyOutDir: true,
        target: 'node20',
        sourcemap: true,
        minify: false,
        rollupOptions: {
          output: { format: 'es', entryFileNames: 'render.mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
        },
      }
    : {
        outDir: resolve(workspaceRoot, 'dist/apps/portal'),
        emptyOutDir: true,
        manifest: true,
        sourcemap: true,
        target: 'es2022',
        reportCompressedSize: false,
        modulePreload: {
          // An island's loader (the libraries' `islands.ts`, each a chunk `islands-…`) lists no files to preload:
          // its page names every file of its islands in the page's state, which `main.tsx` imports all at once,
          // and the server inlines their stylesheets. The lists only made every islands page's registry larger.
          resolveDependencies: (_file, deps, { hostId, hostType }) =>
            hostType === 'js' && /(^|\/)islands-[\w-]+\.js$/.test(hostId) ? [] : deps,
        },
        rollupOptions: {
          // Schemas are built at module level (`z.object(...)`); calling zod's builders has no side effects,
          // so a page that imports a constant beside an unused schema does not ship zod.
          treeshake: { manualPureFunctions: ['z'] },
        },
      },
  server: {
    port: 4200,
    // In development the portal runs on Vite and the api on :3000; production serves both from the api.
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/log': 'http://127.0.0.1:3000',
      '/builds': 'http://127.0.0.1:3000',
      '/sandbox': 'http://127.0.0.1:3000',
    },
  },
}));
