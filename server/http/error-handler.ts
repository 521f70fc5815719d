/**
 * The single place that turns a failure into `{"error":{"code","message","details"}}`.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '@common/errors';
import { AppError } from './app-error';
import { bodyKind, unsupportedMediaMessage } from './body-policy';
import { sendShell, type ShellRenderer } from './web-shell';

/**
 * An answer never grows with what was sent: a body of ten thousand unknown keys gets the first
 * few issues, each a short sentence.
 */
const MAX_ISSUES = 5;
const MAX_ISSUE_CHARS = 200;
const clip = (text: string) => (text.length > MAX_ISSUE_CHARS ? `${text.slice(0, MAX_ISSUE_CHARS - 1)}…` : text);

const codeForStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  503: 'unavailable',
};

export function body(code: ErrorCode | string, message: string, details?: unknown): ApiErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.status).send(body(err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.slice(0, MAX_ISSUES).map((v) => ({
        path: clip((v.instancePath || '').split('/').filter(Boolean).join('.')),
        message: clip(v.message ?? 'Invalid value'),
      }));
      const first = issues[0];
      const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid request';
      return reply.status(400).send(body('validation_failed', message, { issues }));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = codeForStatus[status] ?? 'bad_request';
      return reply.status(status).send(body(code, humanMessage(err, status, request)));
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send(body('internal', `Something went wrong on our side. Reference: ${request.id}`));
  });
}

/**
 * What Fastify answers itself, before any route or hook runs: a path whose %-escapes do not decode,
 * or with a parameter longer than the router reads (100 characters). In the API's shape, as every
 * other error, rather than Fastify's own `{"error":"Bad Request",...}`.
 */
export function frameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(400).send(body('bad_request', 'The address of this request is not valid.'));
  }
  request.log.error({ err }, 'unhandled framework error');
  return reply.status(500).send(body('internal', `Something went wrong on our side. Reference: ${request.id}`));
}

/** Unknown /api paths answer JSON 404; with the web app served, every other GET gets its shell. */
export function installNotFound(app: FastifyInstance, shell: ShellRenderer | undefined) {
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (shell && isPage) return sendShell(reply, shell(request));
    return reply.status(404).send(body('not_found', clip(`No API route for ${request.method} ${request.url.split('?')[0]}`)));
  });
}

/** Fastify's own 4xx messages are terse; say what to do instead. */
function humanMessage(err: FastifyError, status: number, request: FastifyRequest): string {
  const kind = bodyKind(request.routeOptions.config, request.routeOptions.schema?.body !== undefined);
  if (status === 413) return kind === 'docx' ? 'The document is larger than 10 MB, which is more than we accept.' : 'The request is too large.';
  if (status === 415) return unsupportedMediaMessage(kind);
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is empty; send a JSON object.';
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) return 'The request body is not valid JSON.';
  return clip(err.message);
}
