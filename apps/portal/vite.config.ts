import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
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

export default defineConfig({
  root: import.meta.dirname,
  cacheDir: resolve(workspaceRoot, 'node_modules/.vite/apps/portal'),
  plugins: [react(), buildIdPlugin(), zodWithoutEval(), precompressPlugin()],
  resolve: { tsconfigPaths: true },
  build: {
    outDir: resolve(workspaceRoot, 'dist/apps/portal'),
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    reportCompressedSize: false,
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
});
