import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { buildIdPlugin } from '../../tools/vite/build-id-plugin.ts';

const workspaceRoot = resolve(import.meta.dirname, '../..');

export default defineConfig({
  root: import.meta.dirname,
  cacheDir: resolve(workspaceRoot, 'node_modules/.vite/apps/portal'),
  plugins: [react(), buildIdPlugin()],
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
