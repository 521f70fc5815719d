/**
 * ONLYOFFICE's `onError` codes in words the person who runs Redraft can act on (docs/onlyoffice.md,
 * "Known failure modes"). The editor's own dialog says what failed, not which setting to fix.
 */
import type { DocsApiErrorData } from './docs-api';

/** The config's token did not verify: unsigned, or signed with another secret. */
export const TOKEN_NOT_CORRECTLY_FORMED = -20;
/** The Document Server could not fetch `document.url`. */
export const DOWNLOAD_FAILED = -4;

export function editorErrorAdvice({ errorCode, errorDescription }: DocsApiErrorData, documentUrl: string): string {
  if (errorCode === TOKEN_NOT_CORRECTLY_FORMED) {
    return 'ONLYOFFICE Docs refused the editor configuration: the document security token is not correctly formed. DOCUMENT_SERVER_JWT_SECRET on Redraft must equal the JWT secret of ONLYOFFICE Docs.';
  }
  if (errorCode === DOWNLOAD_FAILED) {
    return `ONLYOFFICE Docs could not download the document from ${originOf(documentUrl)}. Check that it can reach that address (PUBLIC_URL).`;
  }
  const description = errorDescription.trim() || 'no description';
  return `ONLYOFFICE Docs reported an error (code ${errorCode}): ${description}`;
}

function originOf(url: string) {
  try {
    return new URL(url).origin;
  } catch {
    return 'Redraft';
  }
}

/**
 * A Document Server calls back (status 1) as soon as someone opens a document; none by now under
 * the key this editor opened means it cannot reach the callback URL, and its saves will fail with
 * "The document could not be saved". Null when all is well or it cannot be told.
 */
export function missingCallbackAdvice(status: { key: string | null; lastCallbackAt: string | null }, openedKey: string, callbackUrl: string): string | null {
  if (status.key !== openedKey || status.lastCallbackAt !== null) return null;
  return `ONLYOFFICE Docs has not called Redraft back at ${originOf(callbackUrl)}, so your changes may not be saved. Check that it can reach that address (PUBLIC_URL).`;
}
