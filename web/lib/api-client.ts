/**
 * The one way the web app calls the API (docs/product.md §7 and §8). Every call sends cookies; a JSON body goes
 * with a JSON content type, FormData as is; any non-OK answer becomes `Error("<status>: <body>")`.
 */
import type { ApiErrorBody } from '@common/errors';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The JSON error body's `details` (e.g. a save conflict's versions); undefined when it sent none. */
    readonly details: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A failed fetch (server down, offline) has no status; say so in words a person can act on. */
export const NETWORK_ERROR_MESSAGE = 'Could not reach Redraft. Check your connection and try again.';

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const init: RequestInit = { method, signal };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const text = await (await apiResponse(path, init)).text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The same rules for the calls that need the response itself: a .docx body going up or coming
 * down, a version kept in a header, an answer read as it streams.
 */
export async function apiResponse(path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'include' });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new Error(NETWORK_ERROR_MESSAGE, { cause: error });
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, errorDetails(text));
  }
  return response;
}

function errorDetails(text: string): unknown {
  try {
    return (JSON.parse(text) as Partial<ApiErrorBody> | null)?.error?.details;
  } catch {
    return undefined; // Not our JSON error (a proxy's page): no details.
  }
}

/**
 * The sentence to show a person for a failed call: the server's `error.message` when the body is
 * our JSON error, the plain body text otherwise, else `fallback` (an HTML error page from a proxy
 * is no message).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  if (!(error instanceof ApiError)) return error.message || fallback;
  const text = error.message.slice(error.message.indexOf(': ') + 2).trim();
  try {
    const message = (JSON.parse(text) as Partial<ApiErrorBody> | null)?.error?.message;
    if (typeof message === 'string' && message) return message;
  } catch {
    // Not JSON: fall through to the text itself.
  }
  const readable = text !== '' && !text.startsWith('<') && text.length <= 300;
  return readable ? text : fallback;
}
