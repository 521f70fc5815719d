/**
 * The built web app's files (dist/web), served from memory. The build does not change while the
 * server runs, so each file is listed once at start, one route per file, and read once on its first
 * request with its precompressed twins (scripts/vite-precompress.ts). @fastify/static stat-ed,
 * opened, read and closed every file on every request through the thread pool: about 6 ms a file,
 * and an editor page asks for ~45 at once over a browser's 6 connections, so the page's own API
 * answers (preloaded at the same time) waited behind them for most of a second.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** More than a build holds (~15 MB with source maps); past it files are read per request. */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
/** Preferred first when the client takes both equally. */
const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

type Variant = { readonly file: string; readonly etag: string; body?: Promise<Buffer> };
type Served = { readonly type: string; readonly cacheControl: string; readonly plain: Variant; readonly encoded: Partial<Record<Encoding, Variant>> };

/**
 * Registers GET and HEAD for every file under `root` except the shell (index.html, which the
 * pages get filled in), the precompressed twins and dot folders (the build manifest).
 */
export function serveBuildFiles(app: FastifyInstance, root: string) {
  const cache = { bytes: 0 };
  for (const relative of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(root, relative);
    const url = `/${relative.split(path.sep).join('/')}`;
    if (url === '/index.html' || /\.(br|gz)$/.test(url) || url.split('/').some((part) => part.startsWith('.'))) continue;
    if (!fs.statSync(file).isFile()) continue;
    const served: Served = {
      type: TYPES[path.extname(file)] ?? 'application/octet-stream',
      // Vite fingerprints everything under assets/, so it can be cached for good.
      cacheControl: url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      plain: variant(file),
      encoded: Object.fromEntries(ENCODINGS.filter((e) => fs.existsSync(file + SUFFIX[e])).map((e) => [e, variant(file + SUFFIX[e])])),
    };
    // HEAD comes with it (Fastify's exposeHeadRoute), answered like GET without the body.
    app.get(url, (request, reply) => send(request, reply, served, cache));
  }
}

function variant(file: string): Variant {
  const stat = fs.statSync(file);
  return { file, etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"` };
}

async function send(request: FastifyRequest, reply: FastifyReply, served: Served, cache: { bytes: number }) {
  const encoding = negotiate(request.headers['accept-encoding'], served.encoded);
  const chosen = encoding ? served.encoded[encoding]! : served.plain;
  reply.header('content-type', served.type).header('cache-control', served.cacheControl).header('etag', chosen.etag);
  if (Object.keys(served.encoded).length > 0) reply.header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  if (request.headers['if-none-match'] === chosen.etag) return reply.code(304).send();
  const body = await read(chosen, cache);
  return reply.send(body);
}

/**
 * The file's bytes, read once: the first request keeps the read's promise, so requests arriving
 * while it is under way share it (one read, counted once against the cap) instead of each reading.
 */
function read(chosen: Variant, cache: { bytes: number }): Promise<Buffer> {
  if (chosen.body) return chosen.body;
  const reading = fs.promises.readFile(chosen.file);
  chosen.body = reading;
  reading.then(
    (body) => {
      if (cache.bytes + body.length <= MAX_CACHED_BYTES) cache.bytes += body.length;
      else if (chosen.body === reading) chosen.body = undefined;
    },
    () => {
      if (chosen.body === reading) chosen.body = undefined;
    },
  );
  return reading;
}

/** The encoding with the highest q the client gives among those the file has; br on a tie. */
export function negotiate(header: string | string[] | undefined, available: Partial<Record<Encoding, unknown>>): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding | undefined;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    if (!available[encoding]) continue;
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}
