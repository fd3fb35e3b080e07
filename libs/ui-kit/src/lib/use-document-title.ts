import { documentTitle } from '@fed/contracts';
import { useEffect } from 'react';

/**
 * Names the browser tab after what the page shows («Открытый турнир СК «Сэнсэй» — ФКЕ») while it is shown.
 * The route table titles routes whose name is fixed; a page whose name comes with its data (an event) calls
 * this once the data is there. On leaving, the title from before is put back, unless the next route has
 * already set its own.
 */
export function useDocumentTitle(pageName: string | null | undefined): void {
  useEffect(() => {
    if (!pageName) return;
    const previous = document.title;
    const own = documentTitle(pageName);
    document.title = own;
    return () => {
      if (document.title === own) document.title = previous;
    };
  }, [pageName]);
}
