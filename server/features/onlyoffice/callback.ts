/**
 * POST /api/documents/:id/callback: the Document Server reports an editing session's state and
 * hands over edited files (docs/onlyoffice.md). Only the verified payload is acted on, and only for
 * a key issued for this document. `{"error":0}` is answered once an edited file is a durable
 * version; a failure the Document Server should retry is a 5xx (it retries those, then keeps the
 * file as a "forgotten file"). Each file is stored once per key, however often the callback comes.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { type CallbackStatus, DOCUMENT_KEY_PATTERN } from '@common/schemas/onlyoffice';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { Actor } from '../auth/auth.service';
import { getDocument, storeLatestVersion } from '../documents/documents.service';
import { processInPool } from '../documents/processing';
import { documentServerOf } from './editor-config';
import { downloadEdited } from './download-edited';
import * as repo from './onlyoffice.repo';
import { verifyCallback } from './tokens';

/** The Document Server sends more fields than these (history, changesurl, actions...); they are not used. */
const CallbackPayloadSchema = z.looseObject({
  key: z.string().regex(DOCUMENT_KEY_PATTERN),
  status: z.number().int().min(0).max(7),
  url: z.string().max(4096).optional(),
  users: z.array(z.string()).max(1000).optional(),
  forcesavetype: z.number().int().optional(),
});
type CallbackPayload = z.infer<typeof CallbackPayloadSchema>;

export const CALLBACK_OK = { error: 0 } as const;

const STATUS_NAMES: Record<number, string> = {
  0: 'no document with the key',
  1: 'being edited',
  2: 'ready to save',
  3: 'error while saving',
  4: 'closed with no changes',
  6: 'force-save',
  7: 'error while force-saving',
};

/**
 * Whether the Document Server has called back under the document's open key: the editor page asks
 * a while after the editor opened, since one that never does cannot reach `PUBLIC_URL` and no save
 * of that session would ever arrive.
 */
export async function callbackStatus(deps: Deps, actor: Actor, id: number): Promise<CallbackStatus> {
  documentServerOf(deps);
  await getDocument(deps, actor, id);
  const open = await repo.openKeyStatus(deps.database.db, id);
  return { key: open?.key ?? null, lastCallbackAt: open?.lastCallbackAt?.toISOString() ?? null };
}

export async function handleCallback(deps: Deps, id: number, body: Record<string, unknown>, authorization: string | undefined) {
  const ds = documentServerOf(deps);
  const verified = await verifyCallback(ds.secrets, deps.clock, body.token, authorization);
  if (!verified.ok) {
    deps.log.warn(
      { documentId: id, failure: verified.failure },
      verified.failure === 'missing'
        ? 'onlyoffice: a callback came without a token; turn on JWT in the Document Server (services.CoAuthoring.token.enable) with the same secret as DOCUMENT_SERVER_JWT_SECRET'
        : 'onlyoffice: a callback token did not verify (wrong signature or expired); DOCUMENT_SERVER_JWT_SECRET must equal the Document Server\'s JWT secret, and both clocks must be right',
    );
    throw verified.failure === 'missing'
      ? new AppError('unauthenticated', 'The callback must carry a token signed with the Document Server secret.')
      : new AppError('forbidden', 'The callback token is not valid.');
  }
  const parsed = CallbackPayloadSchema.safeParse(verified.payload);
  if (!parsed.success) throw new AppError('validation_failed', 'The callback payload is not one a Document Server sends.', { issues: parsed.error.issues });
  const payload = parsed.data;
  const key = await repo.findKey(deps.database.db, id, payload.key);
  if (!key) {
    deps.log.warn({ documentId: id, key: payload.key, status: payload.status }, 'onlyoffice: a callback named a key this server never issued for the document; ignored');
    throw new AppError('not_found', 'No such editing session for this document.');
  }
  await repo.touchKey(deps.database.db, payload.key, deps.clock.now());
  const log = { documentId: id, key: payload.key, status: payload.status, users: payload.users };
  switch (payload.status) {
    case 2:
    case 3:
    case 6:
    case 7:
      return saveEdited(deps, ds.url, id, payload, log);
    default:
      deps.log.info(log, `onlyoffice: ${STATUS_NAMES[payload.status] ?? 'unknown status'}`);
      return CALLBACK_OK;
  }
}

/**
 * 2 and 6 carry the edited file; 3 and 7 say saving it failed in the Document Server but still carry
 * the last state it has. That state is kept when it passes the checks every upload passes, since it
 * is the only copy of the users' work; the failure is logged either way.
 */
async function saveEdited(deps: Deps, dsUrl: string, id: number, payload: CallbackPayload, log: Record<string, unknown>) {
  const final = payload.status === 2 || payload.status === 3;
  const failed = payload.status === 3 || payload.status === 7;
  if (failed) {
    deps.log.error(
      { ...log, forcesavetype: payload.forcesavetype, hasFile: payload.url !== undefined },
      `onlyoffice: the Document Server reported status ${payload.status} (${STATUS_NAMES[payload.status]}); its log says why. Redraft keeps the file it sent, if any, when the file passes the checks`,
    );
  }
  if (payload.url === undefined) {
    if (failed) return CALLBACK_OK;
    throw new AppError('validation_failed', `A status ${payload.status} callback must carry the file's url.`);
  }
  const download = await downloadEdited(payload.url, dsUrl);
  if (!download.ok) {
    deps.log.error({ ...log, reason: download.reason }, 'onlyoffice: the edited file could not be downloaded; nothing stored');
    throw download.retry
      ? new AppError('unavailable', `The edited document could not be downloaded: ${download.reason}. Retry later.`)
      : new AppError('unprocessable', `The edited document was not downloaded: ${download.reason}.`);
  }
  const sha256 = createHash('sha256').update(download.bytes).digest('hex');
  const already = await repo.findSave(deps.database.db, payload.key, sha256);
  if (already !== undefined) {
    if (final) await repo.closeKey(deps.database.db, payload.key, deps.clock.now());
    deps.log.info({ ...log, version: already }, 'onlyoffice: this file is already stored under the key; nothing new stored');
    return CALLBACK_OK;
  }
  const result = await processInPool(deps, download.bytes);
  if (!result.ok) {
    deps.log.error({ ...log, reason: result.reason }, 'onlyoffice: the Document Server sent a file that fails the checks every upload passes; nothing stored');
    if (failed) return CALLBACK_OK;
    throw new AppError('unprocessable', `The edited document cannot be stored: ${result.reason}`, { reason: result.code });
  }
  const stored = await storeWithRecord(deps, id, result, { key: payload.key, sha256, close: final }, log);
  deps.log.info({ ...log, version: stored }, 'onlyoffice: edited document stored as a new version');
  return CALLBACK_OK;
}

type Processed = Parameters<typeof storeLatestVersion>[2];

/**
 * The version and the record of its file commit together; a duplicate arriving at once rolls back.
 * A file from a session that a version stored since has overtaken (a save some other way, or a
 * Document Server sending under a key it had finished) lacks that version's work. It is stored all
 * the same, as the newest version: the work of both stays in the document's versions, and the log
 * says which two to compare. Refusing it would leave the user's typing only in the Document
 * Server's forgotten files, which only an administrator can reach.
 */
async function storeWithRecord(
  deps: Deps,
  id: number,
  processed: Processed,
  save: { key: string; sha256: string; close: boolean },
  log: Record<string, unknown>,
) {
  try {
    let sessionAt: number | undefined;
    let previous = 0;
    const version = await storeLatestVersion(deps, id, processed, async (tx, v, before) => {
      sessionAt = await repo.lockedKeyVersion(tx, save.key);
      previous = before;
      await repo.recordSave(tx, { ...save, version: v, now: deps.clock.now() });
    });
    if (version === undefined) throw new AppError('not_found', 'The document was deleted while it was being edited.');
    // Said once the version is stored: a duplicate whose transaction rolled back overtook nothing.
    // Against the version that was current, not `version - 1`: a save kept as a conflict takes a
    // number without becoming current.
    if (sessionAt !== undefined && sessionAt !== previous) overtaken(deps, log, sessionAt, previous, version);
    return version;
  } catch (err) {
    if (!isUniqueViolation(err)) throw storageFailure(deps, id, err);
    const version = await repo.findSave(deps.database.db, save.key, save.sha256);
    if (version === undefined) throw storageFailure(deps, id, err);
    return version;
  }
}

function overtaken(deps: Deps, log: Record<string, unknown>, sessionAt: number, previous: number, version: number) {
  deps.log.warn(
    { ...log, sessionAt, version },
    `onlyoffice: a file from an editing session at version ${sessionAt} arrived after version ${previous} was stored; ` +
      `stored as version ${version}, so the work of versions ${previous} and ${version} are both kept: compare them`,
  );
}

function storageFailure(deps: Deps, id: number, err: unknown) {
  if (err instanceof AppError) return err;
  deps.log.error({ documentId: id, err }, 'onlyoffice: storing the edited document failed; the Document Server will retry');
  return new AppError('unavailable', 'The edited document could not be stored right now. Retry later.');
}

/** PostgreSQL's unique_violation, from pg or PGlite (the cause, when Drizzle wraps it). */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
