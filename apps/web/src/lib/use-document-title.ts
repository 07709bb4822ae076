import { useEffect } from "react";

export const BRAND = "Tessera";

/** Sets the tab title as "<page> | Tessera" while the page is shown. */
export function useDocumentTitle(page: string | null): void {
  useEffect(() => {
    const previous = document.title;
    document.title = page ? `${page} | ${BRAND}` : BRAND;
    return () => {
      document.title = previous;
    };
  }, [page]);
}
