/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded>` (RFC 6266 with
 * RFC 5987): every current browser uses filename*, so "Vertrag Müller.docx" downloads under its
 * own name, and the fallback can never smuggle a quote or a header break.
 */
export function contentDisposition(stored: string): string {
  // Names stored before the bidi rule are cleaned on the way out as well.
  const name = cleanOriginalName(stored);
  const fallback = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Control characters, and the bidirectional controls (U+202A-U+202E, U+2066-U+2069, the marks
 * U+200E/U+200F/U+061C) with which 'invoice\u202Excod.docx' displays as 'invoice.docx' but is
 * something else. Zero-width and byte-order characters go too: they make two names look equal.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * The name as shown and downloaded: no folders (some browsers send C:\fakepath\...), no control
 * characters, NFC so the same name typed on a Mac and on Windows compares equal, at most 255 chars.
 */
export function cleanOriginalName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = base.normalize('NFC').replace(UNSAFE_CHARS, '').trim();
  if (clean.length <= 255) return clean || 'document.docx';
  return clean.slice(0, 250) + '.docx';
}
