import { z } from 'zod';
import { decimalInteger } from './ids';

/** docs/product.md §7 names id, filename, name and createdAt; the rest lets the card say what it is. */
export const TemplateSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  usageCount: z.number().int(),
  createdAt: z.string(),
});
export type Template = z.infer<typeof TemplateSchema>;

export const TemplateListSchema = z.array(TemplateSchema);

export const TemplateIdParamsSchema = z.strictObject({
  id: decimalInteger('Template id must be a positive integer'),
});
