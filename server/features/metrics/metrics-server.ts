/**
 * The internal listener Prometheus scrapes: plain node:http on METRICS_HOST:METRICS_PORT, apart
 * from the public Fastify listener, answering GET /metrics and 404 to anything else. Nothing here
 * reads a body, holds a connection for long or keeps anything per request, so a scraper gone wrong
 * (or someone who found the port) costs a bounded handful of sockets and one render at a time.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';

export type MetricsListen = { port: number; host: string };

/** Prometheus keeps one connection per target; a few more allow a second scraper and curl. */
const MAX_CONNECTIONS = 16;
/** A scrape is one small request: anything slower is a client to drop, not to wait for. */
const HEADERS_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 10_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;

export function createMetricsServer(registry: Registry, listen: MetricsListen) {
  // Scrapes that arrive together share one render: the collectors (the queue count is a database
  // query) run once, however many ask.
  let rendering: Promise<string> | undefined;
  const render = () =>
    (rendering ??= registry.metrics().finally(() => {
      rendering = undefined;
    }));

  let server: http.Server | undefined;

  async function start(log: FastifyBaseLogger): Promise<void> {
    if (server) return;
    const created = http.createServer(
      { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS },
      (request, response) => {
        const path = (request.url ?? '').split('?')[0];
        if (request.method !== 'GET' || path !== '/metrics') {
          // Any body is left unread; closing the connection spares reading it to reach the next request.
          response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end('Not found\n');
          return;
        }
        render().then(
          (body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body),
          (err: unknown) => {
            log.error({ err }, 'metrics: collecting failed');
            response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Collecting metrics failed\n');
          },
        );
      },
    );
    created.maxConnections = MAX_CONNECTIONS;
    await new Promise<void>((resolve, reject) => {
      const failed = (err: Error) =>
        reject(new Error(`The metrics listener could not listen on ${listen.host}:${listen.port} (METRICS_HOST, METRICS_PORT): ${err.message}`, { cause: err }));
      created.once('error', failed);
      created.listen(listen.port, listen.host, () => {
        created.off('error', failed);
        resolve();
      });
    });
    // Without a listener, a late server error would end the process; the public app matters more.
    created.on('error', (err) => log.error({ err }, 'metrics: listener failed'));
    server = created;
    const { address, port } = created.address() as AddressInfo;
    log.info({ address, port }, 'metrics: listening for Prometheus on an internal port');
  }

  async function close(): Promise<void> {
    const running = server;
    server = undefined;
    if (!running) return;
    const closed = new Promise<void>((resolve) => running.close(() => resolve()));
    // close() alone waits for every kept-alive scrape connection to time out.
    running.closeAllConnections();
    await closed;
  }

  return {
    start,
    close,
    /** Where it listens once started (the port is the one picked when METRICS_PORT is 0). */
    address: (): AddressInfo | undefined => (server?.address() as AddressInfo | null) ?? undefined,
  };
}
