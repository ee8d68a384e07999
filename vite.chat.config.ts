import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress-plugin.ts';

/**
 * The public chat (chat.html, /chat/{uuid}) runs on customers' websites: its own build on Preact's
 * React compatibility layer (docs/decisions/010), into the same dist/client after the office build.
 */
export default defineConfig({
  plugins: [react(), precompress()],
  publicDir: false,
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: false,
    rollupOptions: { input: { chat: 'chat.html' } },
  },
});
