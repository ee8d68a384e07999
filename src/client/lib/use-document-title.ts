import { useEffect } from 'react';

/** Sets the tab title to "{title} · Mika" while the screen is shown. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · Mika` : 'Mika';
  }, [title]);
}
