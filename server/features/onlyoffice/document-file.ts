/**
 * GET /api/documents/:id/file?token=: the file a Document Server downloads when an editor opens.
 * It carries no cookie, so the signed token in the URL is the whole of its right: this document,
 * the version the token names, for a few minutes (tokens.ts).
 */
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { readStoredVersion } from '../documents/documents.service';
import { documentServerOf } from './editor-config';
import { verifyFileToken } from './tokens';

const REFUSED = 'This file link is not valid for this document, or it has expired. Open the document again for a new one.';

export async function readDocumentFile(deps: Deps, id: number, token: string): Promise<Uint8Array> {
  const ds = documentServerOf(deps);
  const version = await verifyFileToken(ds.secrets, deps.clock, token, id);
  if (version === undefined) {
    deps.log.warn({ documentId: id }, 'onlyoffice: a document file was asked for with a token that is invalid, expired or for another document');
    throw new AppError('forbidden', REFUSED);
  }
  const bytes = await readStoredVersion(deps, id, version);
  if (!bytes) throw new AppError('not_found', 'That version of the document no longer exists.');
  return bytes;
}
