import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, NAME_MIN, USE_CASE_MIN } from '../limits';
import { EMAIL_MESSAGE, NAME_MESSAGE } from './auth';

/** Long enough for any real company name or a few paragraphs about a use case, short enough to keep a row small. */
export const COMPANY_MAX = 200;
export const USE_CASE_MAX = 2000;

export const USE_CASE_MESSAGE = 'Please tell us a bit more about your use case';

/**
 * docs/product.md §5's waitlist form. Text is trimmed and kept as written: script or SQL in a field is data,
 * stored and returned as text (the web app renders it as text).
 */
export const JoinWaitlistSchema = z.strictObject({
  name: z
    .string(NAME_MESSAGE)
    .trim()
    .min(NAME_MIN, NAME_MESSAGE)
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
  email: z
    .string(EMAIL_MESSAGE)
    .trim()
    .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
    .pipe(z.email(EMAIL_MESSAGE)),
  company: z
    .string('Company must be text')
    .trim()
    .max(COMPANY_MAX, `Company must be at most ${COMPANY_MAX} characters`)
    .optional(),
  useCase: z
    .string(USE_CASE_MESSAGE)
    .trim()
    .min(USE_CASE_MIN, USE_CASE_MESSAGE)
    .max(USE_CASE_MAX, `Use case must be at most ${USE_CASE_MAX} characters`),
});
export type JoinWaitlistInput = z.infer<typeof JoinWaitlistSchema>;

/**
 * The answer to a sign-up (201 when new, 200 when the email was already on the list). `position`
 * is the entry's place among pending entries, 1-based; the UI shows it in the success toast
 * ("You're #N in line…"). `message` is a sentence the UI can show as is, and says plainly when
 * the email had already joined.
 */
export const WaitlistJoinedSchema = z.strictObject({
  position: z.number().int().positive(),
  alreadyJoined: z.boolean(),
  message: z.string(),
});
export type WaitlistJoined = z.infer<typeof WaitlistJoinedSchema>;
