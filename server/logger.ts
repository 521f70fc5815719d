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

export function createLogger(level: string, destination?: DestinationStream) {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } }, destination);
}
