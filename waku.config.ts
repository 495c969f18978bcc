import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'waku/config';

export default defineConfig({
  unstable_adapter: 'waku/adapters/bun',
  // DIST_DIR lets two builds (say, a benchmark and a test run) live side by side.
  distDir: process.env.DIST_DIR || 'dist',
  vite: {
    plugins: [tailwindcss()],
    // PGlite loads its .wasm/.data files, and resvg and sharp their native binaries, next to their own modules:
    // bundled into dist/server they would be lost, so they stay externals resolved from
    // node_modules at run time (as the cover fonts are).
    environments: { rsc: { resolve: { external: ['@electric-sql/pglite', 'postgres', '@resvg/resvg-js', 'sharp'] } } },
  },
});
