import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'redraft_session';

/** 256 random bits; the browser holds the token, the database only its hash. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
