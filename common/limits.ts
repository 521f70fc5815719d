/** Limits shared by the browser (early feedback) and the server (enforcement). */

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** MIME types a browser may report for a .docx; '' covers browsers that report none. */
export const DOCX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const ACCEPTED_MIME_TYPES: readonly string[] = [DOCX_MIME_TYPE, 'application/octet-stream', ''];

export const PASSWORD_MIN = 6;
/** argon2 cost grows with input; an upper bound keeps a login from becoming a denial of service. */
export const PASSWORD_MAX = 200;
export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const USE_CASE_MIN = 10;

/** A session ends 30 days after sign-in, or after a week without a request, whichever is first. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** A demo account, its sessions and its documents are removed a day after it was created. */
export const DEMO_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * What one account may keep. Storage counts every stored version (each save is one), so a 5 MB
 * contract saved 400 times still fits in 2 GB; 2,000 documents is years of a busy practice. A demo
 * account lives a day and is anonymous, so it gets room to try the product, not to store things.
 * Reaching the storage quota answers 413, the document count 403 (waiting does not help; deleting
 * documents does).
 */
export type Quota = { bytes: number; documents: number };
export const QUOTAS: { user: Quota; demo: Quota } = {
  user: { bytes: 2 * 1024 * 1024 * 1024, documents: 2000 },
  demo: { bytes: 100 * 1024 * 1024, documents: 25 },
};
export const CURRENT_USER_STALE_MS = 5 * 60 * 1000;

export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;
