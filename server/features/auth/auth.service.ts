import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { LoginInput, RegisterInput, User } from '@common/schemas/auth';
import { SESSION_TTL_MS } from '@common/limits';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { consume, LIMITS, reset } from '../rate-limit/rate-limit.service';
import * as repo from './auth.repo';
import { hashToken, newSessionToken } from './session-token';

export type Actor = User & { isDemo: boolean };

const INVALID_CREDENTIALS = 'Invalid email or password.';
// Verifying against a real hash when the email is unknown keeps both failures equally slow,
// so response time does not reveal which accounts exist.
const DUMMY_HASH = hash('not-a-real-password-' + randomUUID());

export function toActor(row: repo.UserRow, adminEmails: string[]): Actor {
  const role = row.role === 'staff' || adminEmails.includes(row.email) ? 'staff' : 'user';
  return { id: row.id, email: row.email, name: row.name, role, isDemo: row.isDemo, createdAt: row.createdAt.toISOString() };
}

export async function register(deps: Deps, input: RegisterInput, ip: string): Promise<Actor> {
  const email = input.email.toLowerCase();
  await consume(deps, LIMITS.authPerIp, ip);
  await consume(deps, LIMITS.registerPerEmail, email);
  const db = deps.database.db;
  if (await repo.emailExists(db, email)) throw duplicateEmail();
  const created = await repo.insertUser(db, {
    email,
    name: input.name,
    passwordHash: await hash(input.password),
    isDemo: false,
    forceStaff: deps.config.adminEmails.includes(email),
  });
  if (!created) throw duplicateEmail();
  deps.log.info({ userId: created.id, role: created.role }, 'account created');
  return toActor(created, deps.config.adminEmails);
}

export async function login(deps: Deps, input: LoginInput, ip: string) {
  const email = input.email.toLowerCase();
  await consume(deps, LIMITS.authPerIp, ip);
  await consume(deps, LIMITS.loginPerEmail, email);
  const row = await repo.findCredentials(deps.database.db, email);
  const ok = await verify(row?.passwordHash ?? (await DUMMY_HASH), input.password).catch(() => false);
  if (!row || !ok || row.isDemo) throw new AppError('unauthenticated', INVALID_CREDENTIALS);
  await reset(deps, LIMITS.loginPerEmail, email);
  const token = await startSession(deps, row.id);
  return { user: toActor(row, deps.config.adminEmails), token };
}

/** A throwaway account of its own, so a visitor trying the product sees only their own data. */
export async function startDemo(deps: Deps, ip: string) {
  await consume(deps, LIMITS.demoPerIp, ip);
  const created = await repo.insertUser(deps.database.db, {
    email: `demo-${randomUUID()}@demo.redraft.invalid`,
    name: 'Demo User',
    passwordHash: await hash(randomUUID()),
    isDemo: true,
    forceStaff: false,
  });
  if (!created) throw new AppError('internal', 'Could not create a demo session.');
  const token = await startSession(deps, created.id);
  return { user: toActor(created, deps.config.adminEmails), token };
}

export async function userForToken(deps: Deps, token: string): Promise<Actor | undefined> {
  const row = await repo.findSessionUser(deps.database.db, hashToken(token), deps.clock.now());
  return row && toActor(row, deps.config.adminEmails);
}

export async function logout(deps: Deps, token: string | undefined) {
  if (token) await repo.deleteSession(deps.database.db, hashToken(token));
}

async function startSession(deps: Deps, userId: number): Promise<string> {
  const token = newSessionToken();
  const now = deps.clock.now();
  await repo.deleteExpiredSessions(deps.database.db, now);
  await repo.insertSession(deps.database.db, hashToken(token), userId, new Date(now.getTime() + SESSION_TTL_MS));
  return token;
}

const duplicateEmail = () =>
  new AppError('conflict', 'An account with this email already exists. Please sign in instead.');
