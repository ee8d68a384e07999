import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { loadWithReload } from './lazy-with-reload.ts';

/**
 * A component whose code loads the first time it is rendered, for parts only a switched-on feature
 * or a rare answer needs (the voice controls, a document answer, a confirmation): the page's first
 * load does not carry them (docs/decisions/033). Until the code is there the fallback shows.
 *
 * Not React.lazy + Suspense: under Preact's compatibility layer (the public chat) a component that
 * suspended once did not see its parent's later props (the voice button kept the conversation it
 * was first rendered with). This is an ordinary component with the loaded one in its state.
 * A chunk gone after a deployment reloads the page once (loadWithReload); another failed load keeps
 * the fallback and tries again on the next mount.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  return function OnDemand(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    useEffect(() => {
      if (Component) return undefined;
      let live = true;
      pending ??= loadWithReload(load).then((component) => (loaded = component));
      pending.then(
        (component) => live && setComponent(() => component),
        () => {
          pending = undefined;
        },
      );
      return () => {
        live = false;
      };
    }, [Component]);
    return Component ? <Component {...props} /> : fallback;
  };
}
