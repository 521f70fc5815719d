/**
 * The security headers of every answer (CSP, HSTS, frame and resource policies), made by helmet
 * once at start instead of on every request. @fastify/helmet built helmet's middleware per request
 * (parsing the CSP directives each time, ~20 µs of a ~300 µs request on the API's hot path); the
 * headers depend only on the configuration, so they are computed once and copied onto each answer.
 * A route that needs other ones (the ONLYOFFICE plugin's files) names them in its `config`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export type SecurityHeaders = readonly (readonly [name: string, value: string])[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's security headers instead of the app's (securityHeaders() below). */
    securityHeaders?: SecurityHeaders;
  }
}

/** What the headers depend on in the configuration. */
export function securityContext(config: { documentServer?: { url: string }; publicUrl?: string }) {
  return {
    documentServerOrigin: config.documentServer ? new URL(config.documentServer.url).origin : undefined,
    https: config.publicUrl?.startsWith('https:') === true,
  };
}

/** The app's helmet options: what every page and API answer carries. */
export function appHelmetOptions({ documentServerOrigin, https }: { documentServerOrigin: string | undefined; https: boolean }) {
  // The Document Server's editor script, its frame and our calls to it (docs/onlyoffice.md).
  const documentServer = documentServerOrigin ? [documentServerOrigin] : [];
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...documentServer],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...documentServer],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", ...documentServer],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only means something once the site is really served over HTTPS.
    strictTransportSecurity: https,
  } satisfies HelmetOptions;
}

/** The headers helmet sets for `options`, read by running its middleware once on a stand-in answer. */
export function securityHeaders(options: HelmetOptions): SecurityHeaders {
  const headers: [string, string][] = [];
  const answer = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    // Helmet removes X-Powered-By, which Fastify never sets.
    removeHeader: () => undefined,
  };
  let done = false;
  helmet(options)({} as IncomingMessage, answer as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  // Helmet's middleware is synchronous; anything else would leave answers without their headers.
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * Puts the headers on the raw answer as soon as a request arrives, as helmet did, so they are on
 * every answer: errors, 404s, and the event streams that write their head themselves (sse.ts).
 */
export function installSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders) {
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of request.routeOptions.config.securityHeaders ?? headers) reply.raw.setHeader(name, value);
    done();
  });
}
