import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'waku/config';

export default defineConfig({
  unstable_adapter: 'waku/adapters/bun',
  vite: {
    plugins: [tailwindcss()],
    // PGlite loads its .wasm/.data files next to its own module: bundling it into dist/server
    // loses them (RECIPES §1), so it stays an external resolved from node_modules at run time.
    environments: { rsc: { resolve: { external: ['@electric-sql/pglite', 'postgres'] } } },
  },
});
