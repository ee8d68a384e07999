import { defineConfig, type Plugin } from 'vite';
import { AUTH_PAGE_PATHS } from './src/shared/constants.ts';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress-plugin.ts';
import { EARLY_ENTRY, earlyRequests } from './scripts/early-requests-plugin.ts';
import { firstLoadChunks } from './scripts/first-load-chunks.ts';

/**
 * The office (index.html), built into dist/client and served by the Fastify server in every run
 * mode. The public chat has its own build (vite.chat.config.ts, Preact): `npm run build` runs both.
 */
/**
 * `vite dev` only: the sign-in paths get auth.html, as the server answers them (client-delivery.ts);
 * in dev that entry runs on React, which its code is written against too (docs/decisions/012).
 */
const authPagesInDev: Plugin = {
  name: 'mika-auth-pages-in-dev',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const first = `/${(req.url ?? '').split(/[/?]/)[1] ?? ''}`;
      if ((AUTH_PAGE_PATHS as readonly string[]).includes(first)) req.url = '/auth.html';
      next();
    });
  },
};

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    authPagesInDev,
    earlyRequests(['/app/office/OfficePage.tsx']),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    rollupOptions: {
      input: { main: 'index.html', early: EARLY_ENTRY },
      // The library's first screen in two chunks: the entry's, and the office page's beyond it;
      // every screen behind them keeps its own chunk (scripts/first-load-chunks.ts).
      output: {
        codeSplitting: firstLoadChunks([
          { name: 'main', entry: 'src/client/main.tsx' },
          { name: 'OfficePage', entry: 'src/client/app/office/OfficePage.tsx' },
        ]),
      },
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
