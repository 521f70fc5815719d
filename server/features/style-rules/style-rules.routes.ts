import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUILT_IN_RULES, MAX_FREE_TEXT_RULES, MAX_RULE_TEXT, MAX_WORDS_TO_AVOID, StyleRulesSchema } from '@common/schemas/review';
import type { Deps } from '../../deps';
import { jsonBodyBytes } from '../../http/body-policy';
import { requireUser } from '../auth/auth-guard';
import { contentDisposition } from '../documents/content-disposition';
import { exportStyleRules, getStyleRules, importStyleRules, saveStyleRules, STYLE_RULES_FILENAME } from './style-rules.service';

/** A word to avoid and its replacement are at most this long each (common/schemas/review.ts). */
const WORD_MAX = 80;
/** A free-text rule's id is at most this long (common/schemas/review.ts). */
const RULE_ID_MAX = 40;
/** Keys, quotes, commas and an exported file's indentation around each list entry: 55 bytes at most for a word. */
const ENTRY_BYTES = 64;

/**
 * The largest valid style, in the largest form it can take: every word, replacement, rule id and
 * rule text at its maximum, each character written in up to 6 bytes (jsonBodyBytes), plus the
 * structure of every entry as an exported, indented file has it. About 363 KB; the save and the
 * import share it, so whatever the page saves, its exported file imports.
 */
export const STYLE_RULES_BODY_BYTES =
  jsonBodyBytes(MAX_WORDS_TO_AVOID * 2 * WORD_MAX + MAX_FREE_TEXT_RULES * (RULE_ID_MAX + MAX_RULE_TEXT)) +
  (MAX_WORDS_TO_AVOID + MAX_FREE_TEXT_RULES + BUILT_IN_RULES.length) * ENTRY_BYTES;

/** The import's body is the file's text; its parser (below) hands it on as `{ text }`. */
const ImportBodySchema = z.object({ text: z.string() });

/** Answered before a body is read: a signed-out caller never makes the server read 363 KB. */
const signedInOnly = async (request: FastifyRequest) => void requireUser(request);

/** Each signed-in person's own house style for reviews (issue 16): read, save, export, import. */
export function styleRulesRoutes(app: FastifyInstance, deps: Deps) {
  app.register((scope) => importRoute(scope, deps));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/style-rules', { onRequest: signedInOnly, schema: { response: { 200: StyleRulesSchema } } }, async (request) =>
    getStyleRules(deps, requireUser(request)),
  );

  r.put(
    '/api/style-rules',
    { onRequest: signedInOnly, schema: { body: StyleRulesSchema, response: { 200: StyleRulesSchema } }, bodyLimit: STYLE_RULES_BODY_BYTES },
    async (request) => saveStyleRules(deps, requireUser(request), request.body),
  );

  r.get('/api/style-rules/export', { onRequest: signedInOnly }, async (request, reply) => {
    const text = await exportStyleRules(deps, requireUser(request));
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', contentDisposition(STYLE_RULES_FILENAME))
      .header('cache-control', 'private, no-store')
      .send(text);
  });
}

/**
 * The import reads the file as text, JSON or plain, because its errors name lines: parsed as
 * JSON on the way in, it would have none. Its parsers live in this route's context only.
 */
async function importRoute(app: FastifyInstance, deps: Deps) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => done(null, { text: body }));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/style-rules/import',
    { onRequest: signedInOnly, schema: { body: ImportBodySchema, response: { 200: StyleRulesSchema } }, bodyLimit: STYLE_RULES_BODY_BYTES },
    async (request) => importStyleRules(deps, requireUser(request), request.body.text),
  );
}
