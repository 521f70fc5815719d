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

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const CURRENT_USER_STALE_MS = 5 * 60 * 1000;

export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;
