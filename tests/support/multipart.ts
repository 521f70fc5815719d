/**
 * A multipart/form-data body built by hand, byte for byte, so tests control exactly what a
 * browser would send (name, type, bytes) without another dependency.
 */
import { randomBytes } from 'node:crypto';

export type Part = { field?: string; filename: string; type?: string; bytes: Uint8Array };

export function multipart(parts: Part | Part[]) {
  const boundary = `----redraft${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of Array.isArray(parts) ? parts : [parts]) {
    const headers = [
      `--${boundary}`,
      `Content-Disposition: form-data; name="${p.field ?? 'document'}"; filename="${encodeFilename(p.filename)}"; filename*=UTF-8''${encodeURIComponent(p.filename)}`,
      ...(p.type === undefined ? [] : [`Content-Type: ${p.type}`]),
      '',
      '',
    ].join('\r\n');
    chunks.push(Buffer.from(headers, 'utf8'), Buffer.from(p.bytes), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function encodeFilename(name: string) {
  return name.replace(/"/g, '%22');
}

export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
