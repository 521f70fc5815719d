/**
 * Downloads the file a Document Server's callback points at. The URL comes from a signed payload,
 * but it is still only fetched from the Document Server's own origin, without following redirects,
 * within the upload's size limit and a time limit: a callback can never make Redraft fetch
 * anything else (server-side request forgery) or read without end.
 */
import { MAX_UPLOAD_BYTES } from '@common/limits';

/** A Document Server serves a finished file at once; this bounds a stalled connection. */
const DOWNLOAD_TIMEOUT_MS = 30_000;

export type Download =
  | { ok: true; bytes: Uint8Array }
  /** `retry`: a failure the Document Server should retry (our 5xx); otherwise it is refused for good. */
  | { ok: false; retry: boolean; reason: string };

export function isDocumentServerUrl(url: string, documentServerUrl: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === new URL(documentServerUrl).origin;
}

export async function downloadEdited(url: string, documentServerUrl: string, limitBytes = MAX_UPLOAD_BYTES): Promise<Download> {
  if (!isDocumentServerUrl(url, documentServerUrl)) {
    return { ok: false, retry: false, reason: `the file URL is not on the Document Server's origin ${new URL(documentServerUrl).origin}` };
  }
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  } catch (err) {
    return { ok: false, retry: true, reason: `the Document Server could not be reached (${err instanceof Error ? err.message : String(err)})` };
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    return { ok: false, retry: false, reason: `the Document Server answered with a redirect (${response.status}), which is not followed` };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return { ok: false, retry: response.status >= 500 || response.status === 429, reason: `the Document Server answered ${response.status}` };
  }
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limitBytes) {
    await response.body?.cancel();
    return { ok: false, retry: false, reason: `the file is ${declared} bytes, over the ${limitBytes}-byte limit` };
  }
  return readCapped(response, limitBytes);
}

/** Reads the body, stopping as soon as it passes the limit, whatever Content-Length said. */
async function readCapped(response: Response, limitBytes: number): Promise<Download> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) break;
      size += next.value.byteLength;
      if (size > limitBytes) {
        await reader?.cancel().catch(() => undefined);
        return { ok: false, retry: false, reason: `the file is over the ${limitBytes}-byte limit` };
      }
      chunks.push(next.value);
    }
  } catch (err) {
    return { ok: false, retry: true, reason: `the download broke off (${err instanceof Error ? err.message : String(err)})` };
  }
  if (size === 0) return { ok: false, retry: false, reason: 'the file is empty' };
  return { ok: true, bytes: Buffer.concat(chunks, size) };
}
