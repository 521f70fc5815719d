import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginSchema, OkSchema, RegisterSchema, UserSchema } from '@common/schemas/auth';
import type { Deps } from '../../deps';
import { clearSessionCookie, requireUser, setSessionCookie } from './auth-guard';
import { login, logout, logoutEverywhere, register, startDemo } from './auth.service';
import { SESSION_COOKIE } from './session-token';

export function authRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = (request: FastifyRequest) =>
    deps.config.publicUrl?.startsWith('https:') === true || request.protocol === 'https';

  // 201 and { ok: true } whether or not the email was new: the answer reveals no account.
  r.post('/api/auth/register', { schema: { body: RegisterSchema, response: { 201: OkSchema } } }, async (request, reply) => {
    await register(deps, request.body, request.ip);
    return reply.status(201).send({ ok: true as const });
  });

  r.post('/api/auth/login', { schema: { body: LoginSchema, response: { 200: UserSchema } } }, async (request, reply) => {
    const session = await login(deps, request.body, request.ip, request.cookies[SESSION_COOKIE]);
    setSessionCookie(reply, session, secure(request));
    return session.user;
  });

  r.post('/api/auth/demo', { schema: { response: { 200: UserSchema } } }, async (request, reply) => {
    const session = await startDemo(deps, request.ip, request.cookies[SESSION_COOKIE]);
    setSessionCookie(reply, session, secure(request));
    return session.user;
  });

  r.post('/api/auth/logout', { schema: { response: { 200: OkSchema } } }, async (request, reply) => {
    await logout(deps, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, secure(request));
    return { ok: true as const };
  });

  r.post('/api/auth/logout-all', { schema: { response: { 200: OkSchema } } }, async (request, reply) => {
    await logoutEverywhere(deps, requireUser(request));
    clearSessionCookie(reply, secure(request));
    return { ok: true as const };
  });

  r.get('/api/auth/user', { schema: { response: { 200: UserSchema } } }, async (request) => requireUser(request));
}
