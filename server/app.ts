/**
 * buildApp(deps): plugins, the error handler, and every feature's routes. No I/O of its own
 * beyond what deps provide, so tests build the same app on a fresh database.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Deps } from './deps';
import { authRoutes } from './features/auth/auth.routes';
import { installSessionResolver } from './features/auth/auth-guard';
import { businessModelRoutes } from './features/business-model/business-model.routes';
import { chatRoutes } from './features/chat/chat.routes';
import { documentRoutes } from './features/documents/documents.routes';
import { healthRoutes } from './features/health/health.routes';
import { demoRoutes } from './features/onlyoffice/demo.routes';
import { onlyofficeRoutes } from './features/onlyoffice/onlyoffice.routes';
import { pluginRoutes } from './features/onlyoffice/plugin.routes';
import { taskRoutes } from './features/tasks/tasks.routes';
import { templateRoutes } from './features/templates/templates.routes';
import { waitlistRoutes } from './features/waitlist/waitlist.routes';
import { installBodyPolicy, JSON_BODY_BYTES } from './http/body-policy';
import { installErrorHandler, installNotFound } from './http/error-handler';
import { installOriginGuard } from './http/origin-guard';
import { installResponseSerializer } from './http/response-serializer';
import { loadShell, sendShell, type ShellRenderer } from './http/web-shell';

export type AppOptions = {
  /** Built web app to serve (dist/web); absent in API tests. */
  webRoot?: string;
  logger: FastifyBaseLogger;
};


export async function buildApp(deps: Omit<Deps, 'log'>, options: AppOptions) {
  const app = Fastify({
    loggerInstance: options.logger,
    genReqId: () => randomUUID(),
    bodyLimit: JSON_BODY_BYTES,
    // A hop count trusts the nearest N proxies, as Fastify's own number option does (its types lack it).
    trustProxy: typeof deps.config.trustProxy === 'number' ? hopsWithin(deps.config.trustProxy) : deps.config.trustProxy,
  });
  const full: Deps = { ...deps, log: app.log };
  // The Document Server's editor script, its frame and our calls to it (docs/onlyoffice.md).
  const documentServer = deps.config.documentServer ? [new URL(deps.config.documentServer.url).origin] : [];
  app.setValidatorCompiler(validatorCompiler);
  installResponseSerializer(app);
  installErrorHandler(app);
  // The API speaks JSON; the upload and the save add their own parser in their own context.
  app.removeContentTypeParser('text/plain');
  installBodyPolicy(app);

  await app.register(cookie);
  await app.register(helmet, {
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
    hsts: deps.config.publicUrl?.startsWith('https:') === true,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installOriginGuard(app, deps.config.publicUrl);
  installSessionResolver(app, full);

  healthRoutes(app, full);
  authRoutes(app, full);
  documentRoutes(app, full);
  onlyofficeRoutes(app, full);
  demoRoutes(app, full);
  pluginRoutes(app, full);
  templateRoutes(app, full);
  chatRoutes(app, full);
  waitlistRoutes(app, full);
  taskRoutes(app, full);
  businessModelRoutes(app, full);

  const shell =
    options.webRoot !== undefined && fs.existsSync(path.join(options.webRoot, 'index.html'))
      ? loadShell(options.webRoot, { publicUrl: deps.config.publicUrl, editor: deps.config.documentServer ? 'onlyoffice' : 'embedded' })
      : undefined;
  if (shell) await serveWebApp(app, options.webRoot!, shell);
  installNotFound(app, shell);
  return app;
}

function hopsWithin(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

async function serveWebApp(app: FastifyInstance, root: string, shell: ShellRenderer) {
  // '/' is a directory to the static plugin (a 403); it is a page like any other.
  app.get('/', (request, reply) => sendShell(reply, shell(request)));
  await app.register(fastifyStatic, {
    root,
    // Pages get the shell from the not-found handler, each with its own canonical URL.
    index: false,
    // One route per file of the build, listed once at start: the wildcard route read every
    // folder on a file's path (readdir of the 200-odd assets) on each request, to check the URL's
    // spelling, and an editor page asks for ~45 files at once. The build does not change while
    // the server runs; what it does not hold (a page) goes to the not-found handler, as before.
    wildcard: false,
    // The build writes .br and .gz beside each asset (scripts/vite-precompress.ts).
    preCompressed: true,
    setHeaders: (res, filePath) => {
      // Vite fingerprints everything under assets/, so it can be cached for good.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
