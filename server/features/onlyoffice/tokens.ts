/**
 * The JWTs of the Document Server protocol (docs/onlyoffice.md), all HS256:
 * - the editor config's token, signed with the shared secret so the Document Server trusts it;
 * - the token in a callback (body or header), verified with the shared secret;
 * - our own file-URL token, with a key derived from the secret for that one purpose, so no token the
 *   Document Server or a browser ever holds can be replayed as one.
 */
import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../../deps';

/** A Document Server's clock and ours may disagree by this much (its docs suggest about a minute). */
const CLOCK_SKEW_SECONDS = 60;
/** Long enough for the Document Server to fetch the file once the editor opens; the next open gets a new URL. */
export const FILE_URL_TTL_SECONDS = 10 * 60;

const FILE_AUDIENCE = 'redraft:document-file';

export type Secrets = { shared: Uint8Array; fileUrl: Uint8Array };

export function secretsFrom(jwtSecret: string): Secrets {
  return {
    shared: new TextEncoder().encode(jwtSecret),
    fileUrl: createHmac('sha256', jwtSecret).update(FILE_AUDIENCE).digest(),
  };
}

const seconds = (clock: Clock) => Math.floor(clock.now().getTime() / 1000);

/** The config token: a Document Server reads the config from it, whatever the page passes beside it. */
export function signConfig(secrets: Secrets, clock: Clock, config: object): Promise<string> {
  return new SignJWT({ ...config }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(seconds(clock)).sign(secrets.shared);
}

export function signFileToken(secrets: Secrets, clock: Clock, file: { documentId: number; version: number }): Promise<string> {
  const now = seconds(clock);
  return new SignJWT({ ver: file.version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(file.documentId))
    .setAudience(FILE_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + FILE_URL_TTL_SECONDS)
    .sign(secrets.fileUrl);
}

/** The version a file token grants for this document, or undefined when it grants nothing here. */
export async function verifyFileToken(secrets: Secrets, clock: Clock, token: string, documentId: number): Promise<number | undefined> {
  try {
    const { payload } = await jwtVerify(token, secrets.fileUrl, {
      algorithms: ['HS256'],
      audience: FILE_AUDIENCE,
      subject: String(documentId),
      requiredClaims: ['exp'],
      currentDate: clock.now(),
    });
    return typeof payload.ver === 'number' && Number.isInteger(payload.ver) ? payload.ver : undefined;
  } catch {
    return undefined;
  }
}

export type CallbackTokenFailure = 'missing' | 'invalid';

/**
 * The payload a callback may be acted on: the body token's claims (the body itself), else the header
 * token's `payload` claim. The body token is preferred because a Document Server drops large fields
 * from the header one. Tokens without an expiry are refused: one that leaked would never stop working.
 */
export async function verifyCallback(
  secrets: Secrets,
  clock: Clock,
  bodyToken: unknown,
  authorization: string | undefined,
): Promise<{ ok: true; payload: Record<string, unknown> } | { ok: false; failure: CallbackTokenFailure }> {
  const headerToken = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const token = typeof bodyToken === 'string' ? bodyToken : headerToken;
  if (token === undefined) return { ok: false, failure: 'missing' };
  try {
    const { payload } = await jwtVerify(token, secrets.shared, {
      algorithms: ['HS256'],
      clockTolerance: CLOCK_SKEW_SECONDS,
      requiredClaims: ['exp'],
      currentDate: clock.now(),
    });
    const signed = typeof bodyToken === 'string' ? payload : payload.payload;
    if (typeof signed !== 'object' || signed === null || Array.isArray(signed)) return { ok: false, failure: 'invalid' };
    return { ok: true, payload: signed as Record<string, unknown> };
  } catch {
    return { ok: false, failure: 'invalid' };
  }
}
