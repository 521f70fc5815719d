/**
 * A whole-document review (issue 16): the built-in rules in the work pool over the current
 * version, then the person's free-text rules through the model when one is configured, kept with
 * the version it was made on. Coverage is always counted: a paragraph a failed or cancelled
 * request did not cover is not 'reviewed'.
 */
import { BUILT_IN_RULE_LABELS, type Finding, type Review, type ReviewProgress, type StyleRules } from '@common/schemas/review';
import type { Deps } from '../../deps';
import { streamAnswer } from '../../adapters/ai/model';
import { AppError, notFound } from '../../http/app-error';
import { type OfflineReview, type ReviewedParagraph } from '../../review/offline-review';
import { type Complete, type ModelReviewResult, reviewWithModel } from '../../review/model-review';
import { WorkError } from '../../work/work-error';
import type { Actor } from '../auth/auth.service';
import { findCurrentVersion, getDocument } from '../documents/documents.service';
import { editableBytes } from '../documents/version-bytes';
import { getStyleRules } from '../style-rules/style-rules.service';
import * as repo from './review.repo';
import { type Hold, release, take } from '../rate-limit/one-at-a-time';

/** More would be a list nobody reads; the review then says how many it left out. */
export const MAX_FINDINGS = 2_000;
/** Longer than any review may run (the rules' task budget plus every model request's): a 'running' row older than this was cut off by a restart. */
const RUNNING_AT_MOST_MS = 15 * 60_000;
const START_CHARS = 60;

/** One review at a time per person, on every instance together (rate-limit/one-at-a-time.ts), as for comparisons. */
export type ReviewRun = { signal: AbortSignal; onProgress?: (p: ReviewProgress) => void };

/**
 * Checks ownership and readiness first, so those errors are plain answers before any stream
 * opens, and holds the person's one running review: runReview, called at once after, lets it go.
 */
export async function prepareReview(deps: Deps, actor: Actor, id: number): Promise<Hold> {
  const doc = await getDocument(deps, actor, id);
  if (doc.status !== 'complete') throw new AppError('conflict', 'This document is still being processed; review it when it is ready.');
  const hold = await take(deps, `review:${actor.id}`, RUNNING_AT_MOST_MS);
  if (!hold) {
    throw new AppError('rate_limited', 'A review of yours is still running. Try again when it has finished.', { retryAfterSeconds: 2 }, { 'retry-after': '2' });
  }
  return hold;
}

export async function runReview(deps: Deps, actor: Actor, id: number, hold: Hold, run: ReviewRun): Promise<Review> {
  try {
    return await review(deps, actor, id, run);
  } finally {
    await release(deps, hold);
  }
}

async function review(deps: Deps, actor: Actor, id: number, run: ReviewRun): Promise<Review> {
  const db = deps.database.db;
  const version = await findCurrentVersion(deps, id);
  if (!version) throw notFound('Document');
  const [bytes, style] = await Promise.all([editableBytes(deps, version), getStyleRules(deps, actor)]);
  const row = await repo.insertRunning(db, { documentId: id, userId: actor.id, version: version.version, total: 0 });
  run.onProgress?.({ done: 0, total: 1, stage: 'rules' });

  let offline: OfflineReview;
  try {
    offline = await deps.work.run('review', { bytes, style });
  } catch (err) {
    const failures = [workFailure(err)];
    deps.log.warn({ err, documentId: id }, 'a review could not run its rules');
    return toReview(await repo.finish(db, row.id, { status: 'failed', reviewed: 0, total: 0, findings: [], dropped: 0, failures }), version.version);
  }
  run.onProgress?.({ done: 1, total: 1, stage: 'rules' });

  const failures = offline.failedRules.map((rule) => `The ${BUILT_IN_RULE_LABELS[rule]} check failed, so its findings are missing.`);
  const model = await freeTextRules(deps, offline.paragraphs, style, run, failures);
  failures.push(...(model?.failures ?? []));
  const findings = [...offline.findings.map((f) => offlineFinding(f, offline.paragraphs)), ...(model?.findings.map((f) => modelFinding(f, offline.paragraphs, style)) ?? [])];
  findings.sort((a, b) => a.paragraph.number - b.paragraph.number || a.offset - b.offset);
  if (findings.length > MAX_FINDINGS) failures.push(`Only the first ${MAX_FINDINGS} of ${findings.length} findings are listed; fix some and review again.`);
  findings.splice(MAX_FINDINGS);
  findings.forEach((f, i) => (f.id = `f${i + 1}`));

  const total = offline.paragraphs.length;
  const unreviewed = model?.unreviewed.size ?? 0;
  const status = run.signal.aborted ? 'cancelled' : 'complete';
  const stored = await repo.finish(db, row.id, { status, reviewed: total - unreviewed, total, findings, dropped: model?.dropped ?? 0, failures });
  deps.log.info({ documentId: id, findings: findings.length, rulesMs: Math.round(offline.ms), requests: model?.requests ?? 0, status }, 'document reviewed');
  return toReview(stored, version.version);
}

/** The free-text rules, when there are some and a model to read them; notes in `failures` why not otherwise. */
async function freeTextRules(deps: Deps, paragraphs: ReviewedParagraph[], style: StyleRules, run: ReviewRun, failures: string[]): Promise<ModelReviewResult | undefined> {
  if (style.freeTextRules.length === 0) return undefined;
  if (deps.ai.provider === 'offline') {
    failures.push('Your free-text rules need an AI model, and none is configured, so only the built-in checks ran.');
    return undefined;
  }
  const complete: Complete = async (prompt, signal) => {
    const answer = await streamAnswer(deps.ai, { system: prompt.system, messages: [{ role: 'user', content: prompt.user }], redraft: { question: prompt.user, documentText: '' } }, { signal });
    return answer.ok ? answer : { ok: false, message: answer.failure.sentence };
  };
  return reviewWithModel(
    paragraphs.map((p) => ({ number: p.number, text: p.text })),
    style.freeTextRules,
    { contextChars: deps.ai.limits.contextChars, complete, signal: run.signal, onChunk: (done, total) => run.onProgress?.({ done, total, stage: 'model' }) },
  );
}

function workFailure(err: unknown): string {
  if (err instanceof WorkError && err.failure === 'timeout') return `The review took longer than the ${Math.round((err.limit ?? 0) / 1000)} s it may take, so it was stopped. Split the document, or switch off some checks.`;
  if (err instanceof WorkError && err.failure === 'busy') return 'The server is busy with other documents. Try again in a few seconds.';
  if (err instanceof WorkError && err.failure === 'memory') return 'The review needed more memory than it may use, so it was stopped.';
  return 'The review could not read this document.';
}

const where = (p: ReviewedParagraph) => ({ number: p.number, paraId: p.paraId, part: p.part, start: p.text.slice(0, START_CHARS) });

function offlineFinding(f: OfflineReview['findings'][number], paragraphs: ReviewedParagraph[]): Finding {
  const p = paragraphs[f.paragraph]!;
  return {
    id: '',
    rule: f.rule,
    ruleLabel: BUILT_IN_RULE_LABELS[f.rule],
    paragraph: where(p),
    quote: p.text.slice(f.offset, f.offset + f.length),
    offset: f.offset,
    reason: f.reason,
    replacement: f.replacement ?? null,
    source: 'offline',
    status: 'open',
  };
}

function modelFinding(f: ModelReviewResult['findings'][number], paragraphs: ReviewedParagraph[], style: StyleRules): Finding {
  const rule = style.freeTextRules.find((r) => r.id === f.ruleId)!;
  return {
    id: '',
    rule: `custom:${rule.id}`,
    ruleLabel: rule.text,
    paragraph: where(paragraphs[f.paragraph - 1]!),
    quote: f.quote,
    offset: f.offset,
    reason: f.reason,
    replacement: f.replacement,
    source: 'model',
    status: 'open',
  };
}

export async function latestReview(deps: Deps, actor: Actor, id: number): Promise<Review> {
  const doc = await getDocument(deps, actor, id);
  const row = await repo.latest(deps.database.db, id, actor.id);
  if (!row) throw notFound('Review');
  return toReview(row, doc.currentVersion, deps.clock.now());
}

export async function setFindingStatus(deps: Deps, actor: Actor, id: number, reviewId: number, findingId: string, status: 'applied' | 'dismissed'): Promise<Review> {
  const doc = await getDocument(deps, actor, id);
  const row = await repo.setFindingStatus(deps.database.db, { reviewId, documentId: id, userId: actor.id, findingId, status });
  if (!row) throw notFound('Finding');
  return toReview(row, doc.currentVersion, deps.clock.now());
}

function toReview(row: repo.ReviewRow, currentVersion: number, now?: Date): Review {
  const cutOff = row.status === 'running' && now !== undefined && now.getTime() - row.createdAt.getTime() > RUNNING_AT_MOST_MS;
  return {
    id: row.id,
    documentId: row.documentId,
    version: row.version,
    stale: row.version !== currentVersion,
    status: cutOff ? 'failed' : row.status,
    coverage: { reviewed: row.reviewed, total: row.total },
    findings: row.findings,
    dropped: row.dropped,
    failures: cutOff ? [...row.failures, 'The server restarted while this review ran; review the document again.'] : row.failures,
    createdAt: row.createdAt.toISOString(),
  };
}
