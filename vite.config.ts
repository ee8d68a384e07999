import { defineConfig, type Plugin } from 'vite';
import { AUTH_PAGE_PATHS } from './src/shared/constants.ts';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress-plugin.ts';

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

/**
 * Build only: index.html loads `src/client/early.ts` (its own tiny entry) first, and hands it the
 * chunks the library needs after the main chunk — OfficePage and AssistantSection with everything
 * they import that the main chunk does not — to preload on `/` (docs/decisions/012).
 */
const earlyLibraryRequests: Plugin = {
  name: 'mika-early-library-requests',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
      const early = chunks.find((c) => c.isEntry && c.name === 'early');
      const main = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
      if (!early || !main) throw new Error('early.ts or the main entry is missing from the build');
      if (early.imports.length) throw new Error(`early.ts must stay without imports: ${early.imports.join(', ')}`);
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const graph = (fileName: string, seen = new Set<string>()) => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) graph(imported, seen);
        return seen;
      };
      const loaded = graph(main.fileName);
      const preload = new Set<string>();
      for (const page of ['/features/office/OfficePage.tsx', '/features/assistants/AssistantSection.tsx']) {
        const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(page));
        if (!chunk) throw new Error(`no chunk for ${page}`);
        for (const file of graph(chunk.fileName)) if (!loaded.has(file)) preload.add(file);
      }
      return [
        {
          tag: 'script',
          // async: runs as soon as it arrives, not after the main chunk's graph as a module script would
          attrs: { type: 'module', async: true, crossorigin: true, src: `/${early.fileName}`, 'data-preload': [...preload].map((f) => `/${f}`).join(' ') },
          injectTo: 'head',
        },
      ];
    },
  },
};

export default defineConfig({
  plugins: [react(), precompress(), authPagesInDev, earlyLibraryRequests],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    rollupOptions: {
      input: { main: 'index.html', early: 'src/client/early.ts' },
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
