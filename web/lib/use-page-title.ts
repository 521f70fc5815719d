import { useEffect } from 'react';
import { PRODUCT_NAME } from './brand';

/** The title index.html ships with: the home page's, written for search results and shares. */
const SITE_TITLE = typeof document === 'undefined' ? PRODUCT_NAME : document.title || PRODUCT_NAME;

/** Sets the tab title for the screen on show, so history and tabs tell screens apart. */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : SITE_TITLE;
  }, [title]);
}
