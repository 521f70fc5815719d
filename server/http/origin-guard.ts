/**
 * Cookies are SameSite=Lax, which still lets another site's form POST reach us on some
 * browsers and same-site subdomains; refusing a foreign Origin closes that door for every
 * state-changing request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  return `${request.protocol}://${request.host}`;
}

export function installOriginGuard(app: FastifyInstance, publicUrl: string | undefined) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin !== siteOrigin(request, publicUrl)) throw crossOrigin();
      return;
    }
    // Without Origin (curl, server-to-server) there is no ambient browser session to abuse,
    // unless a browser says outright that the request comes from another site.
    if (request.headers['sec-fetch-site'] === 'cross-site') throw crossOrigin();
  });
}

const crossOrigin = () => new AppError('forbidden', 'Cross-origin requests are not allowed.');
