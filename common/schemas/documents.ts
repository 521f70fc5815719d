import { z } from 'zod';
import { decimalInteger } from './ids';

export const DocumentStatusSchema = z.enum(['uploaded', 'processing', 'complete', 'error']);
export type DocumentStatus = z.infer<typeof DocumentStatusSchema>;

export const DocumentSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  originalName: z.string(),
  fileSize: z.number().int(),
  mimeType: z.string(),
  status: z.string(),
  /** Why processing ended in `error`, in words a user can act on. */
  statusReason: z.string().nullable(),
  userId: z.number().int().nullable(),
  uploadedAt: z.string(),
  processedAt: z.string().nullable(),
  lastOpenedAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
  wordCount: z.number().int().nullable(),
  currentVersion: z.number().int(),
});
export type Document = z.infer<typeof DocumentSchema>;

export const DocumentListSchema = z.array(DocumentSchema);

export const DocumentViewSchema = z.enum(['all', 'recent', 'archive']);
export type DocumentView = z.infer<typeof DocumentViewSchema>;

export const DocumentListQuerySchema = z.strictObject({
  view: DocumentViewSchema.default('all'),
  /** Matches the name or the text of the document. */
  q: z.string().trim().max(200, 'Search text must be at most 200 characters').optional(),
});
export type DocumentListQuery = z.infer<typeof DocumentListQuerySchema>;

export const DocumentIdParamsSchema = z.strictObject({
  id: decimalInteger('Document id must be a positive integer'),
});

export const UpdateDocumentSchema = z.strictObject({ archived: z.boolean() });
export type UpdateDocumentInput = z.infer<typeof UpdateDocumentSchema>;
