import { useEffect } from 'react';
import { PRODUCT_NAME } from './brand';

/** Sets the tab title for the screen on show, so history and tabs tell screens apart. */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
