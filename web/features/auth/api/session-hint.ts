/**
 * The HTML shell of '/' says when its request carried no session cookie (server/http/web-shell.ts):
 * that visitor is signed out, so the landing page is drawn at once instead of after asking the
 * server. The hint describes the page load, not the tab: a sign-in later makes it stale, so it is
 * read from the page the app started on and taken at most once, by the first check of '/'.
 */
let signedOut = typeof document !== 'undefined' && window.location.pathname === '/' && document.querySelector('meta[name="redraft-session"]')?.getAttribute('content') === 'none';

/** True once, when the page was served to a visitor without a session and nothing has asked since. */
export function takeSignedOutHint(): boolean {
  const hint = signedOut;
  signedOut = false;
  return hint;
}
