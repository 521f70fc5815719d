/**
 * The two ways bytes reach a document, as a browser sends them: an upload (multipart) and an
 * editor save (the raw .docx with the version it started from).
 */
import type { Agent } from './agent';
import { DOCX, multipart } from './multipart';

export function uploadDocx(a: Agent, bytes: Uint8Array, filename = 'contract.docx') {
  return a.request({ method: 'POST', url: '/api/documents/upload', ...multipart({ filename, type: DOCX, bytes }) });
}

export function saveDocx(a: Agent, id: number, base: number | string, bytes: Uint8Array) {
  return a.request({
    method: 'PUT',
    url: `/api/documents/${id}/content`,
    payload: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    headers: { 'content-type': DOCX, 'x-base-version': String(base) },
  });
}
