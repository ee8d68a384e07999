import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress-plugin.ts';

/**
 * The office (index.html), built into dist/client and served by the Fastify server in every run
 * mode. The public chat has its own build (vite.chat.config.ts, Preact): `npm run build` runs both.
 */
export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    rollupOptions: {
      input: { main: 'index.html' },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/sanctum': 'http://127.0.0.1:3000',
      '/storage': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
});
