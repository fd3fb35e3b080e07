import { documentTitle } from '@fed/contracts';
import { createContext, useContext, useEffect } from 'react';

/** The head of a page rendered on the server, which titles set while rendering (effects never run there). */
export interface DocumentHead {
  title: string | null;
}

/** Provided by the server's render only: a page's title goes into the HTML's `<title>`. */
export const DocumentHeadContext = createContext<DocumentHead | null>(null);

/** Titles the page being rendered on the server; nothing in a browser, where effects set `document.title`. */
export function useServerTitle(title: string | null | undefined): void {
  const head = useContext(DocumentHeadContext);
  if (head && title) head.title = title;
}

/**
 * Names the browser tab after what the page shows («Открытый турнир СК «Сэнсэй» — ФКЕ») while it is shown.
 * The route table titles routes whose name is fixed; a page whose name comes with its data (an event) calls
 * this once the data is there. On leaving, the title from before is put back, unless the next route has
 * already set its own.
 */
export function useDocumentTitle(pageName: string | null | undefined): void {
  useServerTitle(pageName ? documentTitle(pageName) : null);
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
