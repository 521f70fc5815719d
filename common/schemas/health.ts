import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['pglite', 'postgres']),
  ai: z.string(),
  editor: z.enum(['embedded', 'onlyoffice']),
});
export type Health = z.infer<typeof HealthSchema>;
