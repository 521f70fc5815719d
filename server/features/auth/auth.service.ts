import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { LoginInput, RegisterInput, User } from '@common/schemas/auth';
import { DEMO_TTL_MS, SESSION_IDLE_MS, SESSION_TTL_MS } from '@common/limits';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { consume, remember, remembers, reset, SIGN_IN_REMEMBERED_MS } from '../rate-limit/rate-limit.service';
import * as repo from './auth.repo';
import { hashToken, newSessionToken } from './session-token';

export type Actor = User & { isDemo: boolean };
/** What a sign-in hands the route: the user, and the cookie to set. */
export type SignedIn = { user: Actor; token: string; maxAgeMs: number };

const INVALID_CREDENTIALS = 'Invalid email or password.';
// Verifying against a real hash when the email is unknown keeps both failures equally slow,
// so response time does not reveal which accounts exist.
const DUMMY_HASH = hash('not-a-real-password-' + randomUUID());
/** last_seen_at moves at most this often, so the idle timeout costs a write per session every few minutes, not per request. */
const SESSION_TOUCH_MS = 5 * 60_000;

/**
 * With ADMIN_EMAILS set, the list alone says who is staff (a role stored by the first-account
 * rule before it was set no longer counts); without it, the stored role does.
 */
export function toActor(row: repo.UserRow, adminEmails: string[]): Actor {
  const staff = adminEmails.length > 0 ? adminEmails.includes(row.email) : row.role === 'staff';
  return { id: row.id, email: row.email, name: row.name, role: staff ? 'staff' : 'user', isDemo: row.isDemo, createdAt: row.createdAt.toISOString() };
}

/**
 * Creates the account, or does nothing when the email is taken, and answers the same either way
 * so registration does not reveal which emails have accounts. The password is hashed in both
 * cases so the time does not tell either. (A notice to the existing address belongs here once
 * the product sends email.) The caller signs in next, which succeeds only with the right password.
 */
export async function register(deps: Deps, input: RegisterInput, ip: string): Promise<void> {
  const email = input.email.toLowerCase();
  await consume(deps, 'authPerIp', ip);
  await consume(deps, 'registerPerEmail', email);
  const created = await repo.insertUser(deps.database.db, {
    email,
    name: input.name,
    passwordHash: await hash(input.password),
    isDemo: false,
    forceStaff: deps.config.adminEmails.includes(email),
    firstIsStaff: deps.config.adminEmails.length === 0,
    createdAt: deps.clock.now(),
  });
  if (created) deps.log.info({ userId: created.id, role: toActor(created, deps.config.adminEmails).role }, 'account created');
  else deps.log.info('registration for an email that already has an account; nothing changed');
}

/**
 * Wrong-password limits are keyed by address and account together, so a stranger guessing
 * elsewhere does not lock the owner out; the per-account ceiling (see LIMITS) spares addresses
 * the owner has signed in from. `replacing` is the session the browser had, ended here.
 */
export async function login(deps: Deps, input: LoginInput, ip: string, replacing: string | undefined): Promise<SignedIn> {
  const email = input.email.toLowerCase();
  const here = `${ip}|${email}`;
  await consume(deps, 'authPerIp', ip);
  await consume(deps, 'loginPerAddressAndAccount', here);
  if (!(await remembers(deps, `signed-in:${here}`))) await consume(deps, 'loginPerAccount', email);
  const row = await repo.findCredentials(deps.database.db, email);
  const ok = await verify(row?.passwordHash ?? (await DUMMY_HASH), input.password).catch(() => false);
  if (!row || !ok || row.isDemo) throw new AppError('unauthenticated', INVALID_CREDENTIALS);
  await reset(deps, 'loginPerAddressAndAccount', here);
  await remember(deps, `signed-in:${here}`, SIGN_IN_REMEMBERED_MS);
  return startSession(deps, row, replacing);
}

/**
 * A throwaway account of its own, so a visitor trying the product sees only their own data. It
 * and everything in it is removed DEMO_TTL_MS after creation (cleanup), so its session ends then too.
 */
export async function startDemo(deps: Deps, ip: string, replacing: string | undefined): Promise<SignedIn> {
  await consume(deps, 'demoPerIp', ip);
  const created = await repo.insertUser(deps.database.db, {
    email: `demo-${randomUUID()}@demo.redraft.invalid`,
    name: 'Demo User',
    passwordHash: await hash(randomUUID()),
    isDemo: true,
    forceStaff: false,
    firstIsStaff: false,
    createdAt: deps.clock.now(),
  });
  if (!created) throw new AppError('internal', 'Could not create a demo session.');
  return startSession(deps, created, replacing);
}

export async function userForToken(deps: Deps, token: string): Promise<Actor | undefined> {
  const tokenHash = hashToken(token);
  const now = deps.clock.now();
  const row = await repo.findSessionUser(deps.database.db, tokenHash, now, new Date(now.getTime() - SESSION_IDLE_MS));
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_MS) await repo.touchSession(deps.database.db, tokenHash, now);
  return toActor(row, deps.config.adminEmails);
}

export async function logout(deps: Deps, token: string | undefined) {
  if (token) await repo.deleteSession(deps.database.db, hashToken(token));
}

/** Ends every session of the account: a lost laptop, a shared computer left signed in. */
export async function logoutEverywhere(deps: Deps, actor: Actor) {
  const ended = await repo.deleteUserSessions(deps.database.db, actor.id);
  deps.log.info({ userId: actor.id, sessions: ended }, 'signed out everywhere');
}

/** Sessions past their absolute or idle limit; run by the periodic cleanup. */
export async function deleteExpiredSessions(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  return repo.deleteExpiredSessions(deps.database.db, now, new Date(now.getTime() - SESSION_IDLE_MS));
}

/** Demo accounts older than DEMO_TTL_MS, a batch at a time. */
export async function expiredDemoAccounts(deps: Deps, batch: number): Promise<Actor[]> {
  const rows = await repo.expiredDemoUsers(deps.database.db, new Date(deps.clock.now().getTime() - DEMO_TTL_MS), batch);
  return rows.map((row) => toActor(row, deps.config.adminEmails));
}

export async function endSessionsOf(deps: Deps, userId: number) {
  await repo.deleteUserSessions(deps.database.db, userId);
}

/** Removes a demo account's row (real accounts are never touched); false if it was already gone. */
export async function deleteDemoAccount(deps: Deps, userId: number): Promise<boolean> {
  return repo.deleteDemoUser(deps.database.db, userId);
}

/**
 * A sign-in replaces the session the browser had: the row its cookie names is deleted, so a
 * session id planted before sign-in (session fixation) or left from another account is dead.
 */
async function startSession(deps: Deps, row: repo.UserRow, replacing: string | undefined): Promise<SignedIn> {
  if (replacing) await repo.deleteSession(deps.database.db, hashToken(replacing));
  const token = newSessionToken();
  const now = deps.clock.now();
  const end = row.isDemo ? Math.min(row.createdAt.getTime() + DEMO_TTL_MS, now.getTime() + SESSION_TTL_MS) : now.getTime() + SESSION_TTL_MS;
  await repo.insertSession(deps.database.db, hashToken(token), row.id, now, new Date(end));
  return { user: toActor(row, deps.config.adminEmails), token, maxAgeMs: end - now.getTime() };
}
