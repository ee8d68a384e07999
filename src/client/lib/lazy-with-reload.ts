import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

const RELOAD_KEY = 'mika:chunk-reload';

function flag(value?: '1' | null): string | null {
  try {
    if (value === undefined) return sessionStorage.getItem(RELOAD_KEY);
    if (value === null) sessionStorage.removeItem(RELOAD_KEY);
    else sessionStorage.setItem(RELOAD_KEY, value);
  } catch {
    // No session storage: never reload automatically.
    return '1';
  }
  return null;
}

/**
 * Loads a code-split chunk. After a new deployment an open tab may ask for a chunk that no longer
 * exists: then the page reloads once to pick up the new build.
 */
export async function loadWithReload<T>(load: () => Promise<T>): Promise<T> {
  try {
    const module = await load();
    flag(null);
    return module;
  } catch (error) {
    if (!flag()) {
      flag('1');
      window.location.reload();
      return new Promise<never>(() => undefined);
    }
    throw error;
  }
}

/** React.lazy for code-split screens, through loadWithReload. */
export function lazyWithReload<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => loadWithReload(load));
}
