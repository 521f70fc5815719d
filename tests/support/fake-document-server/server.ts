/**
 * A fake ONLYOFFICE Document Server: a real HTTP server on 127.0.0.1 speaking the protocol of
 * docs/onlyoffice.md, because a real one (a container) cannot run here. It
 * - serves the browser side from ./public: `web-apps/apps/api/documents/api.js` (DocsAPI's
 *   documented surface), the editor frame it opens, and `sdkjs-plugins/v1/plugins.js` (the
 *   `Asc.plugin` surface the assistant plugin uses);
 * - opens a document the way a Document Server does: verifies the config's token with the shared
 *   secret (error -20 when it does not), then downloads `document.url` with no cookie and reads
 *   its paragraphs, which the editor frame shows (so what a test sees there is what was served);
 * - serves edited files from its own origin, as `/cache/files/...` (the `url` of a callback);
 * - posts callbacks, signed in the body, in the header, both, or not at all.
 * Tests read back every request it received, to show what was (or was never) fetched.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { SignJWT, jwtVerify } from 'jose';

const PUBLIC_DIR = path.join(import.meta.dirname, 'public');
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html; charset=utf-8', '.css': 'text/css' };

export type CallbackSigning =
  /** The token in the JSON body, as a Document Server sends it (its payload is the body). */
  | 'body'
  /** Only `Authorization: Bearer`, whose payload is `{ payload: body }`. */
  | 'header'
  | 'both'
  | 'none';

export type CallbackOptions = {
  signing?: CallbackSigning;
  /** Sign with this secret instead of the shared one (a forged token). */
  secret?: string;
  /** Seconds from now until the token expires; negative for an expired one. Default 300. */
  expiresIn?: number;
  /** The header token signs this payload instead of the body's (to see which token is acted on). */
  headerPayload?: Record<string, unknown>;
  /** Sign the header token with this secret instead of `secret`. */
  headerSecret?: string;
  /** The header a Document Server is configured to sign in (`services.CoAuthoring.token.inbox.header`). Default Authorization. */
  headerName?: string;
};

export type ReceivedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders };

export type FakeDocumentServer = Awaited<ReturnType<typeof startFakeDocumentServer>>;

export async function startFakeDocumentServer(options: { secret: string }) {
  const key = new TextEncoder().encode(options.secret);
  const files = new Map<string, { bytes: Uint8Array; status: number; headers: Record<string, string> }>();
  const received: ReceivedRequest[] = [];
  /** The document URLs the editor frame opened, and what each answered. */
  const opened: Array<{ url: string; status: number; bytes: number }> = [];
  /** The callbacks it made of its own accord (status 1 on open), and what each answered. */
  const callbacks: Array<{ url: string; status: number }> = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    received.push({ method: req.method ?? 'GET', path: url.pathname + url.search, headers: req.headers });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void route(req.method ?? 'GET', url, Buffer.concat(chunks), res).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
      });
    });
  });

  async function route(method: string, url: URL, body: Buffer, res: http.ServerResponse) {
    if (url.pathname === '/healthcheck') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('true');
    const file = files.get(url.pathname);
    if (file && method === 'GET') return void res.writeHead(file.status, { 'content-type': 'application/octet-stream', ...file.headers }).end(file.bytes);
    if (url.pathname === '/fake/open' && method === 'POST') return void json(res, 200, await open(JSON.parse(String(body)) as { config: OpenConfig }));
    return serveStatic(url.pathname, res);
  }

  type OpenConfig = { document?: { url?: string }; token?: string; [k: string]: unknown };

  /** What a Document Server does when an editor opens: check the token, then fetch the file. */
  async function open({ config }: { config: OpenConfig }) {
    const token = config.token;
    if (typeof token !== 'string') return { errorCode: -20, errorDescription: 'The document security token is not correctly formed.' };
    let signed: OpenConfig;
    try {
      signed = (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload as OpenConfig;
    } catch {
      return { errorCode: -20, errorDescription: 'The document security token is not correctly formed.' };
    }
    // A Document Server acts on the signed config, whatever the page passed beside it.
    const documentUrl = signed.document?.url;
    if (typeof documentUrl !== 'string') return { errorCode: -4, errorDescription: 'Download failed.' };
    const answer = await fetch(documentUrl, { redirect: 'manual' }).catch(() => null);
    const bytes = answer?.ok ? new Uint8Array(await answer.arrayBuffer()) : new Uint8Array();
    opened.push({ url: documentUrl, status: answer?.status ?? 0, bytes: bytes.length });
    if (!answer?.ok) return { errorCode: -4, errorDescription: 'Download failed.' };
    const paragraphs = paragraphsOf(bytes);
    if (!paragraphs) return { errorCode: -1, errorDescription: 'The downloaded file is not a Word document the fake can read.' };
    // A user connected: a Document Server says so at once with status 1.
    const callbackUrl = (signed.editorConfig as { callbackUrl?: unknown } | undefined)?.callbackUrl;
    const documentKey = (signed.document as { key?: unknown } | undefined)?.key;
    if (typeof callbackUrl === 'string' && typeof documentKey === 'string') {
      const connected = await postCallback(callbackUrl, { key: documentKey, status: 1, users: ['1'], actions: [{ type: 1, userid: '1' }] }).catch((err: unknown) => ({ status: 0, text: String(err), json: undefined }));
      callbacks.push({ url: callbackUrl, status: connected.status });
    }
    return { errorCode: 0, bytes: bytes.length, paragraphs, config: signed };
  }

  function serveStatic(pathname: string, res: http.ServerResponse) {
    const mapped = pathname === '/web-apps/apps/api/documents/api.js' ? '/api.js' : pathname.replace(/^\/sdkjs-plugins\/v1\//, '/plugins/');
    const target = path.join(PUBLIC_DIR, path.normalize(mapped));
    if (!target.startsWith(PUBLIC_DIR + path.sep) || !fs.existsSync(target) || !fs.statSync(target).isFile()) {
      return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    fs.createReadStream(target).pipe(res);
  }

  /** POSTs a callback as a Document Server does; `payload` is the body without its token. */
  async function postCallback(callbackUrl: string, payload: Record<string, unknown>, callback: CallbackOptions = {}) {
    const signing = callback.signing ?? 'body';
    const secret = callback.secret ?? options.secret;
    const expiresIn = callback.expiresIn ?? 300;
    const body: Record<string, unknown> = { ...payload };
    if (signing === 'body' || signing === 'both') body.token = await sign(payload, secret, expiresIn);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signing === 'header' || signing === 'both') {
      const signed = callback.headerPayload ?? payload;
      headers[(callback.headerName ?? 'Authorization').toLowerCase()] = `Bearer ${await sign({ payload: signed }, callback.headerSecret ?? secret, expiresIn)}`;
    }
    const res = await fetch(callbackUrl, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, text, json: safeJson(text) };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function sign(payload: object, secret: string, expiresIn: number) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...payload })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .sign(new TextEncoder().encode(secret));
  }

  return {
    url: origin,
    received,
    opened,
    callbacks,
    /** Serves `bytes` at a fresh URL on this server's origin, as a Document Server serves an edited file. */
    serveFile(bytes: Uint8Array, extra: { status?: number; headers?: Record<string, string> } = {}) {
      const filePath = `/cache/files/${randomBytes(8).toString('hex')}/output.docx`;
      files.set(filePath, { bytes, status: extra.status ?? 200, headers: extra.headers ?? {} });
      return origin + filePath;
    },
    /** The requests that asked for a path starting with `prefix`. */
    requestsTo(prefix: string) {
      return received.filter((r) => r.path.startsWith(prefix));
    },
    postCallback,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function json(res: http.ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(JSON.stringify(value));
}

/** The text of each non-empty paragraph of a .docx's body, or null when it is not one. */
function paragraphsOf(docx: Uint8Array): string[] | null {
  let xml: string;
  try {
    const part = unzipSync(docx, { filter: (file) => file.name === 'word/document.xml' })['word/document.xml'];
    if (!part) return null;
    xml = strFromU8(part);
  } catch {
    return null;
  }
  const paragraphs: string[] = [];
  for (const [paragraph] of xml.matchAll(/<w:p\b[^>]*?(?:\/>|>[\s\S]*?<\/w:p>)/g)) {
    const text = [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([\s\S]*?)<\/w:t>/g)].map((m) => unescapeXml(m[1]!)).join('');
    if (text.trim()) paragraphs.push(text);
  }
  return paragraphs;
}

function unescapeXml(text: string) {
  return text.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_m, entity: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
    if (entity[0] !== '#') return named[entity.toLowerCase()]!;
    return String.fromCodePoint(entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10));
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
