/**
 * The built pages and the documents under test, from one local HTTP server: documents at
 * /doc/{name}.docx from memory, everything else from the build folder. No compression, like the
 * app today; the bench gzips the JavaScript itself to report both sizes.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.woff2': 'font/woff2', '.wasm': 'application/wasm' };

export class BenchServer {
  private constructor(
    private readonly server: http.Server,
    readonly url: string,
    /** Documents served at /doc/{name}.docx. */
    readonly docs: Map<string, Uint8Array>,
  ) {}

  static async start(root: string): Promise<BenchServer> {
    const docs = new Map<string, Uint8Array>();
    const server = http.createServer((req, res) => {
      const { pathname } = new URL(req.url ?? '/', 'http://localhost');
      const doc = /^\/doc\/(.+)\.docx$/.exec(pathname);
      const body = doc ? docs.get(decodeURIComponent(doc[1]!)) : readInside(root, pathname);
      if (!body) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': doc ? 'application/octet-stream' : (TYPES[path.extname(pathname)] ?? 'application/octet-stream') });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new BenchServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, docs);
  }

  /** The page of one editor opening one document. */
  page(editor: 'v1' | 'v2', doc: string, query = '') {
    return `${this.url}/${editor}.html?doc=/doc/${encodeURIComponent(doc)}.docx${query}`;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function readInside(root: string, pathname: string): Buffer | undefined {
  const file = path.join(root, path.normalize(pathname));
  if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return undefined;
  return fs.readFileSync(file);
}
