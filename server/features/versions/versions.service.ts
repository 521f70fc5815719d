/**
 * A document's versions (docs/decisions/026-versions.md): the history, one version's bytes, a
 * restore (a new version carrying an old one's bytes; history is never rewritten) and the
 * comparison of any two, as JSON or as a Word redline.
 */
import type { Readable } from 'node:stream';
import type { CompareQuery, Version } from '@common/schemas/versions';
import type { Deps } from '../../deps';
import type { Comparison } from '../../docx/compare/compare';
import { AppError, notFound } from '../../http/app-error';
import type { TaskInput, TaskName, TaskOutput } from '../../work/tasks';
import { RETRY_AFTER_SECONDS, WorkError, seconds } from '../../work/work-error';
import type { Actor } from '../auth/auth.service';
import { oneAtATime } from '../documents/document-queue';
import { findCurrentVersion, findVersion, getDocument } from '../documents/documents.service';
import { editableBytes, storedBytes, storedStream } from '../documents/version-bytes';
import { storeVersion } from '../documents/store-version';
import { checkQuota } from '../quota/quota.service';
import * as repo from './versions.repo';
import { release, take } from '../rate-limit/one-at-a-time';

export async function listVersions(deps: Deps, actor: Actor, id: number): Promise<Version[]> {
  const doc = await getDocument(deps, actor, id);
  const rows = await repo.listVersions(deps.database.db, id);
  return rows.map(({ authorId, authorName, createdAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    author: authorId === null || authorName === null ? null : { id: authorId, name: authorName },
    current: row.version === doc.currentVersion,
  }));
}

/** One version's bytes exactly as stored. */
export async function openVersion(deps: Deps, actor: Actor, id: number, n: number): Promise<{ filename: string; stream: Readable }> {
  const doc = await getDocument(deps, actor, id);
  const row = await findVersion(deps, id, n);
  if (!row) throw notFound('Version');
  return { filename: versionedName(doc.originalName, n), stream: await storedStream(deps, row) };
}

/**
 * A new current version whose stored bytes are version n's, byte for byte, with n's editable
 * copy; the document's text is read from it again, and the summary says what the restore changed.
 * With `expected` (the version the person saw as current), a restore after another version was
 * stored is refused: it would silently undo that version (the 'Keep mine' of a conflict).
 */
export function restoreVersion(deps: Deps, actor: Actor, id: number, n: number, expected?: number) {
  return oneAtATime(id, () => restore(deps, actor, id, n, expected));
}

async function restore(deps: Deps, actor: Actor, id: number, n: number, expected: number | undefined) {
  const doc = await getDocument(deps, actor, id);
  const row = await findVersion(deps, id, n);
  if (!row) throw notFound('Version');
  if (expected !== undefined && expected !== doc.currentVersion) throw movedOn(doc.currentVersion, expected);
  await checkQuota(deps, actor, { bytes: row.byteSize, newDocument: false });
  const stored = await storedBytes(deps, row);
  const editable = row.editableBlobKey ? await editableBytes(deps, row) : stored;
  const processed = await inPool(deps, 'process', { bytes: stored });
  if (!processed.ok) throw new AppError('unprocessable', `Version ${n} cannot be restored: ${processed.reason}`);
  const current = await findCurrentVersion(deps, id);
  const before = current ? await editableBytes(deps, current) : undefined;
  // The summary is a courtesy: a restore does not fail because it could not be described.
  const summary = before ? await inPool(deps, 'summarize', { before, after: editable }).catch(() => null) : null;
  const version = await storeVersion(deps, {
    documentId: id,
    userId: actor.id,
    baseVersion: expected ?? 'latest',
    kind: 'restore',
    restoredFrom: n,
    summary,
    processed: { ...processed, stored, editable },
  });
  if (version === undefined) {
    const now = await getDocument(deps, actor, id);
    throw movedOn(now.currentVersion, expected ?? now.currentVersion);
  }
  deps.log.info({ documentId: id, version, restoredFrom: n }, 'version restored');
  // The version this restore stored, as for a save (save-content.ts).
  return { ...(await getDocument(deps, actor, id)), currentVersion: version };
}

const movedOn = (current: number, expected: number) =>
  new AppError(
    'conflict',
    `This document was saved again (it is now at version ${current}, not ${expected}), so nothing was restored. Open the version history to compare the versions and choose again.`,
    { currentVersion: current },
  );

/**
 * One comparison at a time per person, on every instance together. A comparison may take seconds
 * of a work process; this keeps one person from filling the pool others save through. The hold
 * outlasts the longest a comparison may take; a holder that died frees it then.
 */
const COMPARISON_HOLD_MS = 5 * 60_000;

/** Version `to` against version `from`: the differences as JSON, or `to` as a .docx with them as tracked changes. */
export async function compareVersions(deps: Deps, actor: Actor, id: number, query: CompareQuery) {
  const hold = await take(deps, `compare:${actor.id}`, COMPARISON_HOLD_MS);
  if (!hold) {
    throw new AppError('rate_limited', 'A comparison of yours is still running. Try again when it has finished.', { retryAfterSeconds: 1 }, { 'retry-after': '1' });
  }
  try {
    return await compare(deps, actor, id, query);
  } finally {
    await release(deps, hold);
  }
}

async function compare(deps: Deps, actor: Actor, id: number, query: CompareQuery) {
  const doc = await getDocument(deps, actor, id);
  if (query.from === query.to) throw new AppError('validation_failed', 'from and to must be two different versions');
  const [a, b] = await Promise.all([findVersion(deps, id, query.from), findVersion(deps, id, query.to)]);
  if (!a) throw notFound(`Version ${query.from}`);
  if (!b) throw notFound(`Version ${query.to}`);
  // The editable copies: both carry paragraph ids, so paragraphs pair by id.
  const [aBytes, bBytes] = await Promise.all([editableBytes(deps, a), editableBytes(deps, b)]);
  if (query.format === 'json') return { kind: 'json' as const, comparison: await inPool(deps, 'compare', { a: aBytes, b: bBytes }) satisfies Comparison };
  // Word shows each change as made by version `to`'s author, when that version was stored.
  const by = await repo.versionAuthor(deps.database.db, id, query.to);
  const bytes = await inPool(deps, 'redline', { a: aBytes, b: bBytes, author: by?.name ?? 'Redraft', date: (by?.createdAt ?? deps.clock.now()).toISOString() });
  return { kind: 'docx' as const, bytes, filename: redlineName(doc.originalName, query.from, query.to) };
}

/** A task over its budget or refused for a full queue is the caller's clear 4xx/503, not a 500. */
async function inPool<N extends TaskName>(deps: Deps, name: N, input: TaskInput<N>): Promise<TaskOutput<N>> {
  try {
    return await deps.work.run(name, input);
  } catch (err) {
    if (!(err instanceof WorkError) || err.failure === 'failed') throw err;
    if (err.failure === 'busy') {
      throw new AppError('unavailable', 'The server is busy with other documents. Try again in a few seconds.', undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) });
    }
    const budget = err.failure === 'timeout' ? `the ${seconds(err.limit ?? 0)}` : 'the memory';
    throw new AppError('unprocessable', `These versions are too large to ${name === 'process' ? 'restore' : 'compare'} within ${budget} it may take.`, { reason: `${err.failure === 'timeout' ? 'time' : 'memory'}_budget` });
  }
}

const stem = (name: string) => name.replace(/\.docx$/i, '');
const versionedName = (name: string, n: number) => `${stem(name)} (version ${n}).docx`;
const redlineName = (name: string, from: number, to: number) => `${stem(name)} (changes from version ${from} to ${to}).docx`;
