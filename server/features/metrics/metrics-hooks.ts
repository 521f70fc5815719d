/**
 * Ties the metrics to one app: every response is timed, and the internal listener runs from the
 * app's ready to its close. Registered once, on the root instance before the routes, so the hook
 * covers every route and the not-found handler.
 */
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

export function installMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', (request, reply, done) => {
    // routeOptions.url is the pattern ('/api/documents/:id'), never the path, and undefined when no
    // route matched: the label set stays as small as the route table.
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  // onReady runs for listen() and for ready() alike (the tests call only the latter); a port that
  // is taken fails the boot, as the public one would.
  app.addHook('onReady', () => metrics.server.start(app.log));
  app.addHook('onClose', () => metrics.server.close());
}
