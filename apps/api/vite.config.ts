import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { nestTransform, workspaceRoot } from '../../tools/vite/shared.ts';

/**
 * The api is bundled with its workspace libraries into one CommonJS file; npm packages stay external
 * and load from node_modules. CommonJS because Nest and most of its ecosystem are CommonJS packages.
 */
const { version } = JSON.parse(readFileSync(resolve(workspaceRoot, 'package.json'), 'utf8')) as {
  version: string;
};

export default defineConfig({
  root: import.meta.dirname,
  cacheDir: resolve(workspaceRoot, 'node_modules/.vite/apps/api'),
  resolve: { tsconfigPaths: true },
  oxc: nestTransform,
  // The release version, fixed at build time; a deployment may still override it with APP_VERSION.
  define: { 'process.env.APP_VERSION': `process.env.APP_VERSION ?? ${JSON.stringify(version)}` },
  build: {
    ssr: resolve(import.meta.dirname, 'src/main.ts'),
    outDir: resolve(workspaceRoot, 'dist/apps/api'),
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    rollupOptions: {
      output: { format: 'cjs', entryFileNames: 'main.cjs', chunkFileNames: '[name]-[hash].cjs' },
    },
  },
});
