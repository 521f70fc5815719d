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

export type ShellOptions = { publicUrl: string | undefined; editor: EditorKind };

export function loadShell(root: string, { publicUrl, editor }: ShellOptions): ShellRenderer {
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
      .replace('</head>', `${preloads(pathname)}</head>`);
  };
}

/** The shell names the current build's assets, so it is revalidated on every visit. */
export function sendShell(reply: FastifyReply, html: string) {
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}
