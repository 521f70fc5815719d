/**
 * What each route reads from a request body, and how much (docs/decisions/010-request-bodies-per-route.md). A parser exists only in the
 * context of the routes that need it (the .docx parser beside the save, multipart beside the
 * upload), so nothing else ever buffers a large body; JSON routes read a few kilobytes; a route
 * without a body schema takes no body at all. A body of the wrong shape is refused before it
 * is validated, so an answer can never grow with the junk that was sent.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { CHAT_MESSAGE_MAX, CHAT_SELECTION_MAX } from '@common/schemas/chat';
import { MAX_UPLOAD_BYTES } from '@common/limits';
import { AppError } from './app-error';

export type BodyKind = 'none' | 'json' | 'docx' | 'multipart';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route reads; defaults to 'json' with a body schema and 'none' without one. */
    body?: BodyKind;
  }
}

/**
 * The sign-up form is the largest fixed-size JSON body: a name, an email and a password of at
 * most 554 characters together, which even written entirely as \uXXXX escapes stays under 4 KB.
 */
export const JSON_BODY_BYTES = 4 * 1024;

/**
 * The body limit for a JSON form whose text fields hold at most `characters` in all: JSON writes a
 * character in at most 6 bytes (a control character as \u00XX), plus room for keys and the rest.
 */
export const jsonBodyBytes = (characters: number) => characters * 6 + 1024;

/** A chat message and its selection. */
export const CHAT_BODY_BYTES = jsonBodyBytes(CHAT_MESSAGE_MAX + CHAT_SELECTION_MAX);

/** PostgreSQL text cannot hold U+0000, which JSON can carry as \u0000. */
const NUL_MESSAGE = 'Text must not contain the character U+0000';

/** A .docx saved by the editor is held to the same limit as an upload. */
export const DOCX_BODY_BYTES = MAX_UPLOAD_BYTES;

/** Room for an empty JSON object or `null` that some clients send with every POST. */
const NO_BODY_BYTES = 64;

const ACCEPTS: Record<BodyKind, string> = {
  none: 'this request takes no body',
  json: 'send JSON with Content-Type: application/json',
  docx: `send the .docx itself with Content-Type: application/vnd.openxmlformats-officedocument.wordprocessingml.document`,
  multipart: "send the document as multipart/form-data in a field named 'document'",
};

export function bodyKind(config: { body?: BodyKind } | undefined, hasBodySchema: boolean): BodyKind {
  return config?.body ?? (hasBodySchema ? 'json' : 'none');
}

/** The 415 sentence for a route: what it does accept. */
export function unsupportedMediaMessage(kind: BodyKind): string {
  return kind === 'none' ? 'This request takes no body.' : `Unsupported content type: ${ACCEPTS[kind]}.`;
}

export function installBodyPolicy(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.bodyLimit !== undefined) return;
    const kind = bodyKind(route.config as { body?: BodyKind } | undefined, route.schema?.body !== undefined);
    route.bodyLimit = kind === 'json' ? JSON_BODY_BYTES : kind === 'none' ? NO_BODY_BYTES : DOCX_BODY_BYTES;
  });

  app.addHook('preValidation', async (request) => {
    // An unknown route is a 404 whatever its body; the not-found handler says so.
    if (request.is404) return;
    const kind = bodyKind(request.routeOptions.config, request.routeOptions.schema?.body !== undefined);
    const body: unknown = request.body;
    if (kind === 'json' && !isPlainObject(body)) {
      throw new AppError('validation_failed', 'The request body must be a JSON object.');
    }
    // Refused here for every route, as a field error, rather than failing in the database as a 500.
    const nulAt = kind === 'json' ? pathToNul(body, '') : undefined;
    if (nulAt !== undefined) {
      throw new AppError('validation_failed', `${nulAt}: ${NUL_MESSAGE}`, { issues: [{ path: nulAt, message: NUL_MESSAGE }] });
    }
    // A route that declares no query parameters takes none: an unknown one is refused, as unknown body fields are.
    if (request.routeOptions.schema?.querystring === undefined && Object.keys(request.query ?? {}).length > 0) {
      throw new AppError('validation_failed', 'This request takes no query parameters.');
    }
    if (kind === 'docx' && !(body instanceof Uint8Array && body.length > 0)) {
      throw new AppError('validation_failed', `The request has no document: ${ACCEPTS.docx}.`);
    }
    if (kind === 'none' && body !== undefined && body !== null && !(isPlainObject(body) && Object.keys(body).length === 0)) {
      throw new AppError('validation_failed', 'This request takes no body.');
    }
  });
}

/** The path of the first key or string holding U+0000. The body is bounded by its route's limit. */
function pathToNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return childPath;
    const found = pathToNul(child, childPath);
    if (found !== undefined) return found;
  }
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
