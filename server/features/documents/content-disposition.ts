/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded>` (RFC 6266 with
 * RFC 5987): every current browser uses filename*, so "Vertrag Müller.docx" downloads under its
 * own name, and the fallback can never smuggle a quote or a header break.
 */
export function contentDisposition(name: string): string {
  const fallback = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The name as shown and downloaded: no folders (some browsers send C:\fakepath\...), no control
 * characters, NFC so the same name typed on a Mac and on Windows compares equal, at most 255 chars.
 */
export function cleanOriginalName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = base.normalize('NFC').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean.length <= 255) return clean || 'document.docx';
  return clean.slice(0, 250) + '.docx';
}
