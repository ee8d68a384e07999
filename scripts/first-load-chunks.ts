import path from 'node:path';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * Chunks of a page's first load (docs/decisions/033, docs/performance.md): every module a listed
 * module reaches through static imports goes into that one chunk (the first listed that reaches it
 * wins); everything else keeps Rolldown's automatic chunks — what loads on demand (a screen, the
 * contact form, a confirmation) has its own. Without this, Rolldown moves the code that the first
 * load shares with two or more on-demand parts (MUI's core, TanStack Query, the icon factory …) into
 * extra common chunks, which the first load then fetches as many small files.
 *
 * `entry` is the module's path (src/…); the first chunk also takes the HTML entry and the
 * module-preload polyfill Vite adds to it.
 */
export function firstLoadChunks(chunks: { name: string; entry: string }[]) {
  let closures: Set<string>[] | undefined;
  const closure = (index: number, graph: ModuleGraph) => {
    closures ??= chunks.map(({ entry }) => {
      const modules = new Set<string>();
      const stack = [path.resolve(entry)];
      while (stack.length > 0) {
        const next = stack.pop()!;
        if (modules.has(next)) continue;
        modules.add(next);
        stack.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
      }
      return modules;
    });
    return closures[index]!;
  };
  // One group per chunk, the earlier ones first (higher priority): a group also takes its modules'
  // dependencies, so the office page's group must not capture what the entry's chunk holds.
  return {
    groups: chunks.map(({ name }, index) => ({
      debugName: `first load: ${name}`,
      priority: chunks.length - index,
      name: (id: string, graph: ModuleGraph): string | null => {
        if (index === 0 && (id.endsWith('.html') || id.includes('modulepreload-polyfill'))) return name;
        if (!closure(index, graph).has(id)) return null;
        for (let earlier = 0; earlier < index; earlier++) if (closure(earlier, graph).has(id)) return null;
        return name;
      },
    })),
  };
}
