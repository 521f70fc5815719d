/**
 * Resolves the session cookie once per request; routes then ask for the actor they need.
 * It runs in onRequest, before the body is read, so a route can refuse a caller (staffOnly)
 * before it parses, limits or validates anything that caller sent.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { type Actor, userForToken } from './auth.service';
import { SESSION_COOKIE } from './session-token';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export function installSessionResolver(app: FastifyInstance, deps: Deps) {
  app.decorateRequest('actor', null);
  // @fastify/cookie parses the header in its own onRequest hook, registered (and so run) before this one.
  app.addHook('onRequest', async (request) => {
    // Pages and assets never depend on who asks (the page finds out through the API), and a
    // browser sends the cookie with every one of them: a session query each would be wasted.
    if (!needsSession(request.url)) return;
    const token = request.cookies[SESSION_COOKIE];
    request.actor = token ? ((await userForToken(deps, token)) ?? null) : null;
  });
}

/** Health checks never depend on who asks either, and a monitor may call them many times a second. */
const HEALTH = /^\/api\/health(?:[/?]|$)/;
export const needsSession = (url: string) => url.startsWith('/api/') && !HEALTH.test(url);

export function requireUser(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthenticated', 'Not authenticated');
  return request.actor;
}

export function requireStaff(request: FastifyRequest): Actor {
  const actor = requireUser(request);
  if (actor.role !== 'staff') throw new AppError('forbidden', 'This area is for Redraft staff only.');
  return actor;
}

/**
 * A route-level onRequest hook for the staff-only API: 401 signed out, 403 for anyone else,
 * answered before the body is parsed, so a non-staff caller never learns a route's body limit,
 * content type or validation rules, and never makes the server read what they sent.
 */
export async function staffOnly(request: FastifyRequest) {
  requireStaff(request);
}

/** The cookie lives as long as its session row may (30 days, or less for a demo account). */
export function setSessionCookie(reply: FastifyReply, session: { token: string; maxAgeMs: number }, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: Math.floor(session.maxAgeMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
