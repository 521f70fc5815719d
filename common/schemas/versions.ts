import { z } from 'zod';
import { DocumentSchema } from './documents';
import { decimalInteger } from './ids';

/**
 * A document's history (docs/decisions/026-versions.md): every stored version, how it came to be, and what
 * changed in it. Versions are never rewritten; a restore or a merge is a new version.
 */
export const VERSION_KINDS = ['upload', 'save', 'restore', 'merge', 'template', 'onlyoffice'] as const;
export const VersionKindSchema = z.enum(VERSION_KINDS);
export type VersionKind = z.infer<typeof VersionKindSchema>;

export const VersionSummarySchema = z.object({
  paragraphsChanged: z.number().int(),
  paragraphsAdded: z.number().int(),
  paragraphsRemoved: z.number().int(),
  wordsAdded: z.number().int(),
  wordsRemoved: z.number().int(),
});
export type VersionSummary = z.infer<typeof VersionSummarySchema>;

export const VersionSchema = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  kind: VersionKindSchema,
  /** For a restore, the version it brought back. */
  restoredFrom: z.number().int().nullable(),
  /** A save that collided with another and is kept beside the latest, not as it. */
  conflict: z.boolean(),
  /** Whether this is the document's current version. */
  current: z.boolean(),
  byteSize: z.number().int(),
  summary: VersionSummarySchema.nullable(),
});
export type Version = z.infer<typeof VersionSchema>;
export const VersionListSchema = z.array(VersionSchema);

export const VersionParamsSchema = z.strictObject({
  id: decimalInteger('Document id must be a positive integer'),
  n: decimalInteger('Version must be a positive integer'),
});

/**
 * A save's answer: the document as it now is, and, when the save was based on an older version,
 * that it was merged onto the current one (the editor reloads and says so).
 */
export const SaveResultSchema = DocumentSchema.extend({
  merged: z.object({ with: z.number().int(), paragraphs: z.number().int() }).nullable(),
});
export type SaveResult = z.infer<typeof SaveResultSchema>;

/** The details of a save's 409 when both sides changed the same paragraphs. */
export const SaveConflictSchema = z.object({
  currentVersion: z.number().int(),
  conflictVersion: z.number().int(),
  conflicts: z.array(z.object({ part: z.string(), paraId: z.string().nullable(), base: z.string(), mine: z.string(), theirs: z.string() })),
});
export type SaveConflict = z.infer<typeof SaveConflictSchema>;

/** A restore may say which version the person saw as current: if another has been stored since, it is refused (409). */
export const RestoreQuerySchema = z.strictObject({
  current: decimalInteger('current must be the version number seen as current').optional(),
});

export const CompareQuerySchema = z.strictObject({
  from: decimalInteger('from must be a version number'),
  to: decimalInteger('to must be a version number'),
  format: z.enum(['json', 'docx']).default('json'),
});
export type CompareQuery = z.infer<typeof CompareQuerySchema>;

/** A comparison's answer (server/docx/compare): the paragraphs that differ, in the later version's order, and the totals. */
const WordOpSchema = z.object({ op: z.enum(['equal', 'insert', 'delete']), text: z.string() });
const Where = { part: z.string(), paraId: z.string().optional() };
export const ParagraphDiffSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('changed'), ...Where, indexA: z.number(), indexB: z.number(), words: z.array(WordOpSchema), formatting: z.array(z.string()) }),
  z.object({ kind: z.literal('inserted'), ...Where, indexB: z.number(), text: z.string() }),
  z.object({ kind: z.literal('deleted'), ...Where, indexA: z.number(), text: z.string() }),
  z.object({ kind: z.literal('moved'), ...Where, indexA: z.number(), indexB: z.number(), text: z.string(), words: z.array(WordOpSchema) }),
]);
export type ParagraphDiff = z.infer<typeof ParagraphDiffSchema>;
export const ComparisonSchema = z.object({
  paragraphs: z.array(ParagraphDiffSchema),
  totals: z.object({
    changed: z.number(),
    inserted: z.number(),
    deleted: z.number(),
    moved: z.number(),
    formatting: z.number(),
    wordsInserted: z.number(),
    wordsDeleted: z.number(),
  }),
});
export type ComparisonJson = z.infer<typeof ComparisonSchema>;
