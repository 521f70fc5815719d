/**
 * A tiny static server on loopback for a benchmark's reference page, serving its build the way
 * Redraft serves its own (server/app.ts), so the two differ only in what the page does: the .br or
 * .gz copy written beside a file at build time (scripts/vite-precompress.ts) when the request
 * accepts it (brotli first, as server/http/static-files.ts chooses), hashed files under
 * assets/ cached for good, everything else revalidated. Documents are held in memory and sent
 * `no-store`, as Redraft sends a document's content.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** Brotli before gzip when both are accepted, as the app server prefers them. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

export type StaticServer = {
  url: string;
  /** Served at `/doc/{key}`. */
  documents: Map<string, Uint8Array>;
  close(): Promise<void>;
};

/** The encodings an Accept-Encoding header allows (a q of 0 refuses one). */
function accepted(header: string | undefined) {
  const allowed = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) allowed.add(name === '*' ? 'gzip' : name);
  }
  return allowed;
}

function sendFile(req: http.IncomingMessage, res: http.ServerResponse, root: string, pathname: string) {
  const file = path.join(root, pathname === '/' ? 'index.html' : pathname);
  // Nothing outside the build, and no directory listings.
  if (!file.startsWith(root + path.sep) || !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
    res.writeHead(404).end();
    return;
  }
  const headers: http.OutgoingHttpHeaders = {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  let body = file;
  const allowed = accepted(req.headers['accept-encoding']);
  const encoding = ENCODINGS.find(([name, ext]) => allowed.has(name) && fs.existsSync(file + ext));
  if (encoding) {
    body = file + encoding[1];
    headers['content-encoding'] = encoding[0];
  }
  if (ENCODINGS.some(([, ext]) => fs.existsSync(file + ext))) headers.vary = 'accept-encoding';
  headers['content-length'] = fs.statSync(body).size;
  res.writeHead(200, headers);
  fs.createReadStream(body).pipe(res);
}

/** Serves `root` (a finished build) on 127.0.0.1 at a free port. */
export async function startStaticServer(root: string): Promise<StaticServer> {
  const documents = new Map<string, Uint8Array>();
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET') {
      res.writeHead(405).end();
      return;
    }
    if (pathname.startsWith('/doc/')) {
      const bytes = documents.get(decodeURIComponent(pathname.slice('/doc/'.length)));
      if (!bytes) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': DOCX, 'content-length': bytes.byteLength, 'cache-control': 'private, no-store' }).end(bytes);
      return;
    }
    sendFile(req, res, path.resolve(root), decodeURIComponent(pathname));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    documents,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
