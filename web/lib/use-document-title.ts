import { useEffect } from 'react';

export const PRODUCT_NAME = 'Assay';

/** Sets the tab title to `${title} · Assay`. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}
