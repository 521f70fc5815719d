/**
 * buildApp(deps): plugins, the error handler, and every feature's routes. No I/O of its own
 * beyond what deps provide, so tests build the same app on a fresh database.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Deps } from './deps';
import { authRoutes } from './features/auth/auth.routes';
import { installSessionResolver } from './features/auth/auth-guard';
import { SESSION_COOKIE } from './features/auth/session-token';
import { businessModelRoutes } from './features/business-model/business-model.routes';
import { chatRoutes } from './features/chat/chat.routes';
import { documentRoutes } from './features/documents/documents.routes';
import { versionRoutes } from './features/versions/versions.routes';
import { reviewRoutes } from './features/review/review.routes';
import { healthRoutes } from './features/health/health.routes';
import type { Metrics } from './features/metrics/metrics';
import { installMetrics } from './features/metrics/metrics-hooks';
import { demoRoutes } from './features/onlyoffice/demo.routes';
import { onlyofficeRoutes } from './features/onlyoffice/onlyoffice.routes';
import { pluginRoutes } from './features/onlyoffice/plugin.routes';
import { taskRoutes } from './features/tasks/tasks.routes';
import { styleRulesRoutes } from './features/style-rules/style-rules.routes';
import { templateRoutes } from './features/templates/templates.routes';
import { waitlistRoutes } from './features/waitlist/waitlist.routes';
import { installBodyPolicy, JSON_BODY_BYTES } from './http/body-policy';
import { frameworkError, installErrorHandler, installNotFound } from './http/error-handler';
import { installOriginGuard } from './http/origin-guard';
import { installResponseSerializer } from './http/response-serializer';
import { appHelmetOptions, installSecurityHeaders, securityContext, securityHeaders } from './http/security-headers';
import { serveBuildFiles } from './http/static-files';
import { loadShell, sendShell, type ShellRenderer } from './http/web-shell';

export type AppOptions = {
  /** Built web app to serve (dist/web); absent in API tests. */
  webRoot?: string;
  logger: FastifyBaseLogger;
  /** Request timing and the internal /metrics listener; absent when METRICS_PORT is unset. */
  metrics?: Metrics;
};


export async function buildApp(deps: Omit<Deps, 'log'>, options: AppOptions) {
  const app = Fastify({
    loggerInstance: options.logger,
    genReqId: () => randomUUID(),
    bodyLimit: JSON_BODY_BYTES,
    frameworkErrors: frameworkError,
    // A hop count trusts the nearest N proxies, as Fastify's own number option does (its types lack it).
    trustProxy: typeof deps.config.trustProxy === 'number' ? hopsWithin(deps.config.trustProxy) : deps.config.trustProxy,
  });
  const full: Deps = { ...deps, log: app.log };
  app.setValidatorCompiler(validatorCompiler);
  installResponseSerializer(app);
  installErrorHandler(app);
  // The API speaks JSON; the upload and the save add their own parser in their own context.
  app.removeContentTypeParser('text/plain');
  installBodyPolicy(app);
  if (options.metrics) installMetrics(app, options.metrics);

  await app.register(cookie);
  installSecurityHeaders(app, securityHeaders(appHelmetOptions(securityContext(deps.config))));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installOriginGuard(app, deps.config.publicUrl);
  installSessionResolver(app, full);

  healthRoutes(app, full);
  authRoutes(app, full);
  documentRoutes(app, full);
  versionRoutes(app, full);
  reviewRoutes(app, full);
  onlyofficeRoutes(app, full);
  demoRoutes(app, full);
  pluginRoutes(app, full);
  templateRoutes(app, full);
  chatRoutes(app, full);
  waitlistRoutes(app, full);
  taskRoutes(app, full);
  businessModelRoutes(app, full);
  styleRulesRoutes(app, full);

  const shell =
    options.webRoot !== undefined && fs.existsSync(path.join(options.webRoot, 'index.html'))
      ? loadShell(options.webRoot, {
          publicUrl: deps.config.publicUrl,
          editor: deps.config.documentServer ? 'onlyoffice' : 'embedded',
          sessionCookie: SESSION_COOKIE,
        })
      : undefined;
  if (shell) serveWebApp(app, options.webRoot!, shell);
  installNotFound(app, shell);
  return app;
}

function hopsWithin(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

function serveWebApp(app: FastifyInstance, root: string, shell: ShellRenderer) {
  // '/' is a page like any other: the shell.
  app.get('/', (request, reply) => sendShell(reply, shell(request)));
  serveBuildFiles(app, root);
}
