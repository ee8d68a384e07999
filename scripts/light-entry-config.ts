import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstLoadChunks } from './first-load-chunks.ts';
import { precompress } from './precompress-plugin.ts';

/** React as Preact's compatibility layer: the light pages' build and the Preact component tests (vitest.config.ts). */
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

/**
 * A page that must load fast on its own (docs/decisions/012): built separately from the office,
 * with `react`/`react-dom` aliased to Preact's compatibility layer, into the same dist/client after
 * the office build. The public chat (chat.html) and the sign-in screens (auth.html) use it.
 */
export function lightEntryConfig(name: string, html: string, entryModule: string): UserConfig {
  return defineConfig({
    plugins: [react(), precompress()],
    publicDir: false,
    resolve: { alias: PREACT_ALIASES },
    build: {
      outDir: 'dist/client',
      emptyOutDir: false,
      rollupOptions: {
        input: { [name]: html },
        // One chunk for the first load, one per on-demand part (scripts/first-load-chunks.ts).
        output: { codeSplitting: firstLoadChunks([{ name, entry: entryModule }]) },
      },
    },
  });
}
