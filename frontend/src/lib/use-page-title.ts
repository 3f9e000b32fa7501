import { useEffect } from 'react';

/** Sets the document's title while the page is shown (the prerendered HTML has it from the start). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
