import pino, { type DestinationStream } from 'pino';

/** Secrets never reach the logs: cookies, tokens and anything named like a password. */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.token',
];

type LoggedRequest = { method?: string; url?: string; host?: string; ip?: string };

/**
 * A request is logged by its path only: query strings carry what people search their documents
 * for (and, from other sites' links, sometimes tokens), which a log must not keep.
 */
export function serializeRequest(req: LoggedRequest) {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return { method: req.method, url: q < 0 ? url : url.slice(0, q), host: req.host, remoteAddress: req.ip };
}

export function createLogger(level: string, destination?: DestinationStream) {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' }, serializers: { req: serializeRequest } }, destination);
}
