/**
 * The one line each costly route starts with: who is asking, whether they are within their rate
 * limits and, for writes, their quota. Route-level like auth-guard.ts (it reads the request);
 * the rules themselves stay in the rate-limit and quota services.
 */
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@common/limits';
import type { Deps } from '../../deps';
import { requireUser } from '../auth/auth-guard';
import { checkQuota } from '../quota/quota.service';
import { consume, consumeAll } from './rate-limit.service';

export async function admitUpload(deps: Deps, request: FastifyRequest) {
  const actor = requireUser(request);
  await consume(deps, 'uploadPerUser', String(actor.id));
  // Checked before the file streams in, so the declared length stands in for the file's size
  // (the multipart framing makes it a slight overestimate); a body without one counts as the most
  // an upload may be.
  const declared = Number(request.headers['content-length']);
  const bytes = Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, MAX_UPLOAD_BYTES) : MAX_UPLOAD_BYTES;
  await checkQuota(deps, actor, { bytes, newDocument: true });
}

export async function admitSave(deps: Deps, request: FastifyRequest) {
  const actor = requireUser(request);
  await consume(deps, 'savePerUser', String(actor.id));
  const body = request.body as Uint8Array | undefined;
  await checkQuota(deps, actor, { bytes: body?.byteLength ?? 0, newDocument: false });
}

export async function admitChat(deps: Deps, request: FastifyRequest) {
  const actor = requireUser(request);
  await consumeAll(deps, [
    ['chatPerUser', String(actor.id)],
    ['chatPerAddress', request.ip],
  ]);
}

/** A template's document is a few kilobytes; what counts is the new document. */
export async function admitTemplateUse(deps: Deps, request: FastifyRequest) {
  const actor = requireUser(request);
  await consume(deps, 'templateUsePerUser', String(actor.id));
  await checkQuota(deps, actor, { bytes: 0, newDocument: true });
}

/** A comparison is document work in the pool, however small its answer. */
export async function admitCompare(deps: Deps, request: FastifyRequest) {
  await consume(deps, 'comparePerUser', String(requireUser(request).id));
}

/**
 * A restore stores a copy of an old version: counted as a save, and the quota is checked for the
 * version's size once the service knows it (versions.service.ts).
 */
export async function admitRestore(deps: Deps, request: FastifyRequest) {
  await consume(deps, 'savePerUser', String(requireUser(request).id));
}

/** A review is the heaviest work a person can ask for: all rules over the document, and model requests. */
export async function admitReview(deps: Deps, request: FastifyRequest) {
  await consume(deps, 'reviewPerUser', String(requireUser(request).id));
}
