import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginSchema, RegisterSchema, UserSchema } from '@common/schemas/auth';
import type { Deps } from '../../deps';
import { clearSessionCookie, requireUser, setSessionCookie } from './auth-guard';
import { login, logout, register, startDemo } from './auth.service';
import { SESSION_COOKIE } from './session-token';

const OkSchema = z.object({ ok: z.literal(true) });

export function authRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = (request: FastifyRequest) =>
    deps.config.publicUrl?.startsWith('https:') === true || request.protocol === 'https';

  r.post('/api/auth/register', { schema: { body: RegisterSchema, response: { 201: UserSchema } } }, async (request, reply) => {
    const user = await register(deps, request.body, request.ip);
    return reply.status(201).send(user);
  });

  r.post('/api/auth/login', { schema: { body: LoginSchema, response: { 200: UserSchema } } }, async (request, reply) => {
    const { user, token } = await login(deps, request.body, request.ip);
    setSessionCookie(reply, token, secure(request));
    return user;
  });

  r.post('/api/auth/demo', { schema: { response: { 200: UserSchema } } }, async (request, reply) => {
    const { user, token } = await startDemo(deps, request.ip);
    setSessionCookie(reply, token, secure(request));
    return user;
  });

  r.post('/api/auth/logout', { schema: { response: { 200: OkSchema } } }, async (request, reply) => {
    await logout(deps, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, secure(request));
    return { ok: true as const };
  });

  r.get('/api/auth/user', { schema: { response: { 200: UserSchema } } }, async (request) => requireUser(request));
}
