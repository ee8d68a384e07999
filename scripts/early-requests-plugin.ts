import type { Plugin } from 'vite';

/** The tiny entry that starts a page's first requests before its main chunk ran (docs/decisions/012). */
export const EARLY_ENTRY = 'src/client/early.ts';

/**
 * Build only: the page loads `src/client/early.ts` (built as the extra input `early`, no imports)
 * as an async module script, so it runs as soon as it arrives instead of after the main chunk's
 * graph. `preloadPages` (module paths of lazily loaded pages, e.g. OfficePage) are handed to it in
 * its data-preload attribute: each page's chunk with everything it imports that the main chunk
 * does not, for early.ts to preload where that page is the one shown.
 */
export function earlyRequests(preloadPages: string[] = []): Plugin {
  return {
    name: 'mika-early-requests',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const early = chunks.find((c) => c.isEntry && c.name === 'early');
        const main = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('.html'));
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
        for (const page of preloadPages) {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(page)));
          if (!chunk) throw new Error(`no chunk for ${page}`);
          for (const file of graph(chunk.fileName)) if (!loaded.has(file)) preload.add(file);
        }
        const attrs: Record<string, string | boolean> = { type: 'module', async: true, crossorigin: true, src: `/${early.fileName}` };
        if (preload.size) attrs['data-preload'] = [...preload].map((f) => `/${f}`).join(' ');
        return [{ tag: 'script', attrs, injectTo: 'head' }];
      },
    },
  };
}
