import type { ComponentType } from 'react';
import { lazyWithReload } from './lazy-with-reload.ts';

/**
 * `lazyWithReload` for a screen or dialog built with MUI: loads it together with the office's MUI
 * theme (components/mui/mui-scope.tsx) and renders it inside. The office's first screen stays without MUI
 * (docs/decisions/026); every MUI component of the office is reached through here.
 */
export function lazyMui<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazyWithReload<P>(async () => {
    const [module, { MuiScope }] = await Promise.all([load(), import('../components/mui/mui-scope.tsx')]);
    const Screen = module.default;
    return {
      default: (props: P) => (
        <MuiScope>
          <Screen {...props} />
        </MuiScope>
      ),
    };
  });
}
