/**
 * What each route reads from a request body, and how much (issue 9). A parser exists only in the
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
 * A chat message and its selection. JSON.stringify writes any character in at most 3 bytes (UTF-8,
 * or a two-byte escape for quotes, backslashes and tabs), plus room for the keys and an action.
 */
export const CHAT_BODY_BYTES = (CHAT_MESSAGE_MAX + CHAT_SELECTION_MAX) * 3 + 1024;

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
    const kind = bodyKind(request.routeOptions.config, request.routeOptions.schema?.body !== undefined);
    const body: unknown = request.body;
    if (kind === 'json' && !isPlainObject(body)) {
      throw new AppError('validation_failed', 'The request body must be a JSON object.');
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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
