import { z } from 'zod';

/** PostgreSQL's integer: the largest id or version a row can have. */
const MAX_INT = 2_147_483_647;

/**
 * An id or count from a path or a header: plain decimal digits and nothing else. Number() would
 * read '1e3', '0x10', ' 1', '1.0' and '01' as numbers, so two spellings of one id would reach the
 * service and a log would not say what was asked for.
 */
export function decimalInteger(message: string) {
  return z
    .string(message)
    .regex(/^[1-9][0-9]{0,9}$/, message)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_INT, message);
}
