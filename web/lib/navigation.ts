/**
 * A full page load, not a client-side route change: after signing in, every screen and cache
 * starts from the new session (docs/product.md §4).
 */
export function loadPage(path: string) {
  window.location.assign(path);
}
