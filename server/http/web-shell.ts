/**
 * The web app's HTML shell, served for every page path. Its canonical and social-card links must
 * be absolute URLs, and only the server knows the site's address: PUBLIC_URL, else the request's.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EditorKind } from '@common/schemas/onlyoffice';
import { siteOrigin } from './origin-guard';
import { loadPagePreloads } from './page-preloads';

export type ShellRenderer = (request: FastifyRequest) => string;

/** Longer paths are not pages of ours; their canonical falls back to the home page. */
const MAX_CANONICAL_PATH = 512;

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', "'": '&#39;' };
const escapeAttribute = (value: string) => value.replace(/[&"<>']/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);

export type ShellOptions = {
  publicUrl: string | undefined;
  editor: EditorKind;
  /** The session cookie's name: '/' is told when a request came without one (sessionHint). */
  sessionCookie: string;
};

export function loadShell(root: string, { publicUrl, editor, sessionCookie }: ShellOptions): ShellRenderer {
  const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const preloads = loadPagePreloads(root, editor);
  return (request) => {
    const origin = siteOrigin(request, publicUrl);
    const pathname = request.url.split(/[?#]/, 1)[0] ?? '/';
    const page = origin + (pathname.length <= MAX_CANONICAL_PATH ? pathname : '/');
    // The Host header is the client's to choose: it is escaped like any other input.
    return html
      .replaceAll('__SITE_URL__', escapeAttribute(origin))
      .replaceAll('__PAGE_URL__', escapeAttribute(page))
      // Which editor documents open in, known before any request: the editor page needs no extra round trip.
      .replace('__EDITOR_KIND__', editor)
      .replace('</head>', `${preloads(pathname)}${pathname === '/' ? sessionHint(request.cookies?.[sessionCookie] !== undefined) : ''}</head>`);
  };
}

/**
 * '/' draws the landing page or the workspace, whichever the session says, so its first screen
 * waited for a round trip to ask. A request without a session cookie is a signed-out visitor:
 * the page is told so and draws the landing page at once (web/features/auth/api/session-hint.ts).
 * With a cookie, the question is asked while the page's code downloads.
 */
function sessionHint(hasCookie: boolean): string {
  return hasCookie
    ? '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/user">'
    : '<meta name="redraft-session" content="none">';
}

/** The shell names the current build's assets, so it is revalidated on every visit. */
export function sendShell(reply: FastifyReply, html: string) {
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}
