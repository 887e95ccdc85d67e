import { useEffect } from 'react';

const product = 'Plinth';

/**
 * Names the page in the browser's tab and history: '{title} · Plinth' while the component is shown
 * (just 'Plinth' again after it). `undefined` leaves the title to another component.
 */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    document.title = title ? `${title} · ${product}` : product;
    return () => {
      document.title = product;
    };
  }, [title]);
}
