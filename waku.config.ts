import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'waku/config';

export default defineConfig({
  unstable_adapter: 'waku/adapters/bun',
  // DIST_DIR lets two builds (say, a benchmark and a test run) live side by side.
  distDir: process.env.DIST_DIR || 'dist',
  vite: {
    plugins: [tailwindcss()],
    // lucide-react ships a 'use client' module: pre-bundled in one environment and not the other,
    // vite-rsc warns "inconsistently optimized" in dev, so no environment pre-bundles it.
    optimizeDeps: { exclude: ['lucide-react'] },
    // PGlite loads its .wasm/.data files next to its own module: bundling it into dist/server
    // loses them (RECIPES §1), so it stays an external resolved from node_modules at run time.
    environments: { rsc: { resolve: { external: ['@electric-sql/pglite', 'postgres'] } } },
  },
});
